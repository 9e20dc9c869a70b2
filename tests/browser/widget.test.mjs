/* SPDX-License-Identifier: GPL-3.0-or-later */
// widget.test.mjs - the pricing widget of `vfplan serve` in headless
// Chromium (tests/browser/README.md). run.sh installs puppeteer-core and
// calls: node widget.test.mjs VFPLAN OUTDIR NODE_MODULES_DIR
//
// It starts `VFPLAN serve --port 0 --bind 127.0.0.1` (or the command in
// $VFPLAN_BROWSER_SERVER, which must print the same "listening on" line),
// drives the widget with the keyboard, checks what it draws against
// `VFPLAN request` with the same body, saves screenshots into OUTDIR and
// stops the server with SIGTERM. Exit 0: passed; 1: failed.
import { spawn, execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';

const [vfplan, outDir, modulesDir] = process.argv.slice(2);
if (!vfplan || !outDir || !modulesDir) {
	console.error('usage: node widget.test.mjs VFPLAN OUTDIR NODE_MODULES_DIR');
	process.exit(2);
}
const require = createRequire(path.join(modulesDir, 'noop.js'));
const puppeteer = require('puppeteer-core');
const chromium = process.env.CHROMIUM || '/usr/bin/chromium';
const started = Date.now();
const failures = [];

function check(ok, what) {
	console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
	if (!ok)
		failures.push(what);
}

function request(body) {
	return JSON.parse(execFileSync(vfplan, ['request', JSON.stringify(body)],
				       { maxBuffer: 64 << 20 }).toString());
}

// vfplan request's answer, or null where it refuses (exit 2)
function requestOrNull(body) {
	try {
		return JSON.parse(execFileSync(vfplan, ['request', JSON.stringify(body)],
					       { maxBuffer: 64 << 20, stdio: 'pipe' }).toString());
	} catch (e) {
		return null;
	}
}

const offersOf = (page) => page.$$eval('.vfp-table tbody tr[data-offer]',
					 (l) => l.map((r) => r.dataset.offer));
const answered = (page) => page.waitForFunction(() => {
	const r = document.querySelector('.vfp-results');
	return r.getAttribute('aria-busy') === 'false' && r.dataset.answer;
}, { timeout: 15000 });

function startServer() {
	const cmd = process.env.VFPLAN_BROWSER_SERVER;
	const child = cmd ? spawn('sh', ['-c', `exec ${cmd}`], { stdio: ['ignore', 'ignore', 'pipe'] }) :
		spawn(vfplan, ['serve', '--port', '0', '--bind', '127.0.0.1'],
		      { stdio: ['ignore', 'ignore', 'pipe'] });
	let log = '';
	return new Promise((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error(
			`no "listening on" line from the server in 15 s; it said:\n${log}`)), 15000);
		child.stderr.on('data', (chunk) => {
			log += chunk;
			const m = /vfplan serve: listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(log);
			if (m && !child.url) {
				child.url = m[1];
				clearTimeout(timer);
				resolve(child);
			}
		});
		child.on('exit', (code, sig) => {
			if (!child.url) {
				clearTimeout(timer);
				reject(new Error(`the server exited (${code ?? sig}) before listening:\n${log}`));
			}
		});
		child.log = () => log;
	});
}

function stopServer(child) {
	return new Promise((resolve) => {
		if (child.exitCode !== null || child.signalCode !== null) {
			resolve(child.exitCode);
			return;
		}
		const timer = setTimeout(() => {
			child.kill('SIGKILL');
		}, 10000);
		child.on('exit', (code, sig) => {
			clearTimeout(timer);
			resolve(code ?? sig);
		});
		child.kill('SIGTERM');
	});
}

async function submitWithEnter(page, selector) {
	await page.focus(selector);
	await page.keyboard.press('Enter');
}

async function main() {
	fs.mkdirSync(outDir, { recursive: true });
	const server = await startServer();
	const origin = server.url;
	console.log(`server at ${origin}`);
	const page = await fetch(origin + '/').catch((e) => ({ status: String(e) }));
	if (page.status !== 200) {
		await stopServer(server);
		throw new Error(`GET / answered ${page.status}, not the widget: the ` +
				'router must answer GET paths outside /v1/ with ' +
				'serve_widget_asset() (src/cli/serve_widget.h)');
	}
	const browser = await puppeteer.launch({
		executablePath: chromium,
		headless: true,
		args: ['--no-sandbox', '--headless=new', '--disable-gpu',
		       '--disable-dev-shm-usage', '--no-first-run'],
	});
	try {
		await run(browser, origin);
	} finally {
		await browser.close();
		const code = await stopServer(server);
		check(code === 0, `the server stopped on SIGTERM (exit ${code})`);
	}
}

async function run(browser, origin) {
	const context = browser.defaultBrowserContext();
	await context.overridePermissions(origin, ['clipboard-read', 'clipboard-write',
						   'clipboard-sanitized-write']);
	const page = await browser.newPage();
	await page.setViewport({ width: 1280, height: 900 });
	const outside = [], pageErrors = [], posts = [];
	page.on('request', (r) => {
		const url = r.url();
		if (!url.startsWith(origin + '/') && !url.startsWith('data:'))
			outside.push(url);
		if (r.method() === 'POST')
			posts.push({ url, body: r.postData() });
	});
	page.on('pageerror', (e) => pageErrors.push(String(e)));
	page.on('dialog', (d) => {
		pageErrors.push(`a dialog: ${d.message()}`);
		d.dismiss();
	});
	// hold(request) -> undefined (go on), a delay in ms, or a response
	let hold = () => undefined;
	await page.setRequestInterception(true);
	page.on('request', (r) => {
		const what = hold(r);
		if (typeof what === 'number')
			setTimeout(() => r.continue(), what);
		else if (what)
			r.respond(what);
		else
			r.continue();
	});
	page.on('console', (m) => {
		// the 400 of the nonsense budget is meant; Chromium logs it
		if (m.type() === 'error' && !/status of 400/.test(m.text()))
			pageErrors.push(m.text());
	});
	await page.evaluateOnNewDocument(() => {
		window.__shift = 0;
		new PerformanceObserver((list) => {
			for (const e of list.getEntries())
				window.__shift += e.value;
		}).observe({ type: 'layout-shift', buffered: true });
	});

	const res = await page.goto(origin + '/', { waitUntil: 'load' });
	check(res.status() === 200 && /text\/html/.test(res.headers()['content-type'] || ''),
	      `GET / is the widget's page (${res.status()}, ${res.headers()['content-type']})`);
	await page.waitForSelector('.vfp[data-ready=true]', { timeout: 10000 });
	for (const [p, type] of [['/widget.js', /javascript/], ['/widget.css', /text\/css/]]) {
		const r = await page.evaluate(async (u) => {
			const x = await fetch(u);
			return [x.status, x.headers.get('content-type')];
		}, p);
		check(r[0] === 200 && type.test(r[1]), `GET ${p}: ${r[0]} ${r[1]}`);
	}

	// the currencies are vfplan currencies'
	const codes = JSON.parse(execFileSync(vfplan, ['currencies', '--json']).toString())
		.map((c) => c.code);
	const shownCodes = await page.$$eval('[data-field=budget] select option', (l) => l.map((o) => o.value));
	check(codes.length > 0 && JSON.stringify(shownCodes) === JSON.stringify(codes),
	      `the currency list is vfplan currencies --json's (${shownCodes.join(', ')})`);

	// the model, picked from the searchable list with the keyboard
	await page.click('.vfp-combo input', { clickCount: 3 });
	await page.keyboard.press('Backspace');
	await page.keyboard.type('llama-3.1-8b');
	await page.waitForSelector('.vfp-options:not([hidden]) [role=option]');
	const options = await page.$$eval('.vfp-options [role=option]', (l) => l.map((o) => o.dataset.name));
	check(options.includes('llama-3.1-8b'), `the list offers llama-3.1-8b (${options.length} shown)`);
	await page.keyboard.press('ArrowDown');
	await page.keyboard.press('Enter');
	const chosen = await page.$eval('.vfp-combo input', (e) => e.value);
	check(chosen === options[0], `Enter picks the highlighted model (${chosen})`);

	// a rent query, run with Enter from the tokens field
	await page.click('[data-field=amount] input', { clickCount: 3 });
	await page.keyboard.type('2B');
	await page.click('[data-field=deadline] input', { clickCount: 3 });
	await page.keyboard.type('30d');
	await page.evaluate(() => {
		window.__shift = 0;
	});
	posts.length = 0;
	await submitWithEnter(page, '[data-field=deadline] input');
	await page.waitForSelector('.vfp-table tbody tr[data-offer]', { timeout: 15000 });
	await page.waitForFunction(() =>
		document.querySelector('.vfp-results').getAttribute('aria-busy') === 'false');
	const rentPost = posts.find((p) => p.url.endsWith('/v1/rent'));
	check(!!rentPost, 'the widget POSTed /v1/rent');
	const body = JSON.parse(rentPost.body);
	check(body.model === 'llama-3.1-8b' && body.tokens === '2B' && body.deadline === '30d',
	      `its body says the form: ${rentPost.body}`);
	const cli = request({ ...body, command: 'rent' });
	const rows = await page.$$eval('.vfp-table tbody tr[data-offer]', (l) => l.map((r) => r.dataset.offer));
	check(rows.length > 0 && rows.length === cli.plans.length,
	      `${rows.length} ranked rows, as many as vfplan request's plans (${cli.plans.length})`);
	check(rows[0] === cli.plans[0].offer.id,
	      `the first row is vfplan request's first plan (${rows[0]} / ${cli.plans[0].offer.id})`);
	check(JSON.stringify(rows) === JSON.stringify(cli.plans.map((p) => p.offer.id)),
	      'every row in vfplan request\'s order');
	const shift = await page.evaluate(() => window.__shift);
	check(shift < 0.05, `no layout shift while the results load (CLS ${shift.toFixed(4)})`);

	// the form is in the address, and the address gives the same answer
	const link = page.url();
	const linked = new URLSearchParams(new URL(link).hash.slice(1));
	check(linked.get('model') === 'llama-3.1-8b' && linked.get('job') === 'full' &&
	      linked.get('tokens') === '2B' && linked.get('deadline') === '30d' &&
	      linked.get('currency') === body.currency,
	      `the address holds the form: ${new URL(link).hash}`);
	const fresh = await browser.createBrowserContext();
	const page2 = await fresh.newPage();
	const posts2 = [];
	page2.on('request', (r) => {
		if (r.method() === 'POST')
			posts2.push(r.postData());
	});
	await page2.goto(link, { waitUntil: 'load' });
	await page2.waitForSelector('.vfp-table tbody tr[data-offer]', { timeout: 15000 });
	await answered(page2);
	const rows2 = await offersOf(page2);
	check(JSON.stringify(rows2) === JSON.stringify(rows),
	      `the link, opened in a fresh browser, runs the query by itself: the same ${rows2.length} rows`);
	check(posts2.length > 0 && JSON.stringify(JSON.parse(posts2[0])) === JSON.stringify(body),
	      'and POSTs the same body');
	// values that are not the form's are ignored, never markup
	await page2.goto(origin + '/#model=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E' +
			 '&job=evil&tokens=2B%3Cb%3Ex%3C%2Fb%3E&currency=XXX&deadline=30d&x=1', { waitUntil: 'load' });
	await page2.waitForSelector('.vfp[data-ready=true]', { timeout: 10000 });
	await answered(page2);
	const odd = await page2.evaluate(() => ({
		markup: document.querySelectorAll('.vfp img, .vfp b').length,
		model: document.querySelector('.vfp-combo input').value,
		job: document.querySelector('[data-field=job] select').value,
		tokens: document.querySelector('[data-field=amount] input').value,
		currency: document.querySelector('[data-field=budget] select').value,
		deadline: document.querySelector('[data-field=deadline] input').value,
	}));
	check(odd.markup === 0 && odd.model === 'llama-3.1-8b' && odd.job === 'full' &&
	      odd.tokens === '2B' && odd.currency === codes[0] && odd.deadline === '30d',
	      `a link's unknown values are left out, no markup: ${JSON.stringify(odd)}`);
	await fresh.close();

	// the memory bar of the first plan, against its VRAM
	const bar = await page.$$eval('.vfp-detail .vfp-bar .vfp-seg', (l) =>
		l.map((s) => [s.title, s.getBoundingClientRect().width]));
	check(bar.length >= 3 && bar.every(([, w]) => w > 0),
	      `the memory bar is drawn: ${bar.map(([t, w]) => `${t} ${w.toFixed(0)}px`).join('; ')}`);
	const barWidth = await page.$eval('.vfp-detail .vfp-bar', (b) => b.getBoundingClientRect().width);
	const used = bar.reduce((a, [, w]) => a + w, 0);
	const p0 = cli.plans[0];
	const want = p0.memory.per_gpu.total_bytes / p0.machine.vram_bytes;
	check(Math.abs(used / barWidth - want) < 0.02,
	      `its segments fill ${(100 * used / barWidth).toFixed(1)}% of it, ` +
	      `the plan's ${(100 * want).toFixed(1)}% of VRAM`);
	const rowBars = await page.$$eval('.vfp-table tbody .vfp-bar', (l) => l.length);
	check(rowBars === rows.length, `a memory bar in every row (${rowBars})`);

	// the Pareto chart, inline SVG
	const chart = await page.$eval('.vfp-chart svg', (svg) => ({
		points: svg.querySelectorAll('.vfp-point').length,
		front: svg.querySelectorAll('.vfp-point.vfp-on-front').length,
		path: !!svg.querySelector('.vfp-front'),
		w: svg.getBoundingClientRect().width,
	}));
	const paretoCli = cli.plans.filter((p) => p.pareto).length;
	check(chart.points === rows.length && chart.w > 200,
	      `the SVG chart has a point per plan (${chart.points}, ${chart.w.toFixed(0)}px wide)`);
	check(chart.front === paretoCli && (paretoCli < 2 || chart.path),
	      `the Pareto front has the plans marked pareto (${chart.front} / ${paretoCli})`);

	// a point of the chart selects its plan (keyboard)
	if (rows.length > 1) {
		await page.$eval('.vfp-point[data-index="1"]', (g) => g.focus());
		await page.keyboard.press('Enter');
		const title = await page.$eval('.vfp-detail h3', (e) => e.firstChild.textContent);
		check(title === rows[1], `Enter on the chart's second point shows ${rows[1]} (${title})`);
		await page.click('.vfp-table tbody tr[data-offer] .vfp-pick');
	}

	// the launch file and its copy button
	await page.waitForFunction(() => {
		const f = document.querySelector('.vfp-detail .vfp-file');
		return f && f.textContent.length > 0;
	}, { timeout: 10000 });
	const file = await page.$eval('.vfp-detail .vfp-file', (e) => e.textContent);
	const text = await page.$eval('.vfp-detail .vfp-pre', (e) => e.textContent);
	check(file === 'ds_config.json' && /train_micro_batch_size_per_gpu/.test(text),
	      `the launch file is shown (${file})`);
	// the menu offers the targets /v1/launch writes for this plan
	const m0 = cli.plans[0].machine;
	const asked = posts.filter((p) => p.url.endsWith('/v1/launch')).map((p) => JSON.parse(p.body))
		.filter((b) => b.gpus === `${m0.count}x${m0.gpu}`);
	const writes = [...new Set(asked.map((b) => b.emit))]
		.filter((emit) => requestOrNull({ ...asked.find((b) => b.emit === emit), command: 'launch' }));
	const menu = await page.$$eval('.vfp-detail .vfp-launch select option', (l) => l.map((o) => o.value));
	check(asked.length >= 8 && menu.length > 0 &&
	      JSON.stringify(menu) === JSON.stringify(writes),
	      `the launch menu lists what vfplan request launch writes for this plan (${menu.join(', ')})`);
	await page.click('.vfp-detail .vfp-copy');
	await page.waitForFunction(() =>
		document.querySelector('.vfp-detail .vfp-copied').textContent.length > 0);
	const copied = await page.evaluate(() => navigator.clipboard.readText().catch((e) => `(${e})`));
	check(copied === text, 'Copy puts the launch file on the clipboard');
	await page.screenshot({ path: path.join(outDir, 'desktop.png'), fullPage: true });

	// a plan no target launches: the server's own refusal for each
	const refusal = await fetch(origin + '/v1/launch', {
		method: 'POST', headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ model: 'llama-3.2-1b', gpus: '1xH100', strategy: 'single',
				       emit: 'fsdp' }),
	});
	const refusalText = await refusal.text();
	if (rows.length > 2) {
		hold = (r) => r.url().endsWith('/v1/launch') ?
			{ status: refusal.status, contentType: 'application/json', body: refusalText } :
			undefined;
		await page.click('.vfp-table tbody tr[data-offer]:nth-child(3) .vfp-pick');
		await page.waitForSelector('.vfp-detail .vfp-no-launch', { timeout: 10000 });
		const none = await page.evaluate(() => ({
			panel: document.querySelectorAll('.vfp-detail .vfp-launch, .vfp-detail select').length,
			said: document.querySelector('.vfp-detail .vfp-no-launch').textContent,
		}));
		check(refusal.status === 400 && none.panel === 0 && /FSDP on one GPU/.test(none.said),
		      `no launch panel for a plan no target launches: "${none.said}"`);
		hold = () => undefined;
		await page.click('.vfp-table tbody tr[data-offer] .vfp-pick');
		await page.waitForSelector('.vfp-detail .vfp-launch select', { timeout: 10000 });
	}

	// one unit of time: the chosen row, its band and the detail's Time
	const times = await page.evaluate(() => {
		const td = document.querySelector('.vfp-table tbody tr.vfp-selected td[data-label=Time]');
		const dt = [...document.querySelectorAll('.vfp-detail dt')].find((e) => e.textContent === 'Time');
		return { row: td.firstChild.textContent, band: td.querySelector('.vfp-sub').textContent,
			 detail: dt.nextElementSibling.textContent };
	});
	const unitOf = (t) => (t.match(/ (min|h|d)\b/g) || []).map((u) => u.trim());
	const units = [...unitOf(times.row), ...unitOf(times.band), ...unitOf(times.detail)];
	check(units.length >= 3 && units.every((u) => u === units[0]) &&
	      times.detail.startsWith(times.row),
	      `the row, its band and the detail say one unit (${times.row}; ${times.band}; ${times.detail})`);

	// the filters: provider, GPU, no spot offers, sent and answered as the CLI does
	const setField = async (sel, text) => {
		await page.click(sel, { clickCount: 3 });
		await page.keyboard.press('Backspace');
		if (text)
			await page.keyboard.type(text);
	};
	await setField('[data-field=provider] input', 'Lambda');
	await setField('[data-field=gpu] input', 'H100');
	await page.select('[data-field=spot] select', 'no');
	posts.length = 0;
	// a slow answer: the old rows greyed, inert and marked busy meanwhile
	hold = (r) => r.url().endsWith('/v1/rent') ? 1500 : undefined;
	await submitWithEnter(page, '[data-field=gpu] input');
	await page.waitForFunction(() => document.querySelector('.vfp-results').getAttribute('aria-busy') === 'true',
				   { timeout: 5000 });
	await new Promise((resolve) => setTimeout(resolve, 400)); // the fade's 0.2 s
	const during = await page.evaluate(() => {
		const r = document.querySelector('.vfp-results');
		return { inert: r.inert, loading: r.classList.contains('vfp-loading'),
			 opacity: Number(getComputedStyle(r.querySelector('.vfp-table-wrap')).opacity),
			 status: r.querySelector('.vfp-status').textContent };
	});
	check(during.inert && during.loading && during.opacity < 0.8 && /Planning/.test(during.status),
	      `while a query runs the old rows are greyed and inert (${JSON.stringify(during)})`);
	hold = () => undefined;
	await page.waitForFunction(() => [...document.querySelectorAll('.vfp-table tbody tr[data-offer]')]
		.every((r) => r.dataset.offer.startsWith('lambda-')), { timeout: 15000 });
	const fPost = posts.find((p) => p.url.endsWith('/v1/rent'));
	const fBody = fPost ? JSON.parse(fPost.body) : {};
	check(fBody.provider === 'Lambda' && fBody.gpu === 'H100' && fBody.interruptible === 'no',
	      `the filters are in the body: ${fPost && fPost.body}`);
	const fCli = request({ ...fBody, command: 'rent' });
	const fRows = await page.$$eval('.vfp-table tbody tr[data-offer]', (l) => l.map((r) => r.dataset.offer));
	check(fRows.length > 0 && JSON.stringify(fRows) === JSON.stringify(fCli.plans.map((p) => p.offer.id)),
	      `filtered rows in vfplan request's order (${fRows.join(', ')})`);
	await setField('[data-field=provider] input', '');
	await setField('[data-field=gpu] input', '');
	await page.select('[data-field=spot] select', 'only');
	await submitWithEnter(page, '[data-field=gpu] input');
	await page.waitForFunction(() => {
		const r = [...document.querySelectorAll('.vfp-table tbody tr[data-offer]')];
		return r.length && r.every((x) => x.querySelector('.vfp-spot'));
	}, { timeout: 15000 }).then(() => check(true, 'spot only: every row marked spot'),
		() => check(false, 'spot only: every row marked spot'));
	await page.select('[data-field=spot] select', 'yes');

	// an error, shown in place
	await page.click('[data-field=budget] input', { clickCount: 3 });
	await page.keyboard.type('lots');
	await page.evaluate(() => {
		window.__shift = 0;
	});
	await submitWithEnter(page, '[data-field=budget] input');
	await page.waitForSelector('.vfp-form .vfp-error.vfp-on', { timeout: 10000 });
	const errShift = await page.evaluate(() => window.__shift);
	check(errShift < 0.05, `the message moves nothing (CLS ${errShift.toFixed(4)})`);
	const err = await page.$eval('.vfp-form .vfp-error', (e) => e.textContent);
	check(/budget/.test(err), `a nonsense budget shows the server's message in place: "${err}"`);
	await answered(page);
	const after = await page.evaluate(() => ({
		rows: document.querySelectorAll('.vfp-table tbody tr[data-offer]').length,
		points: document.querySelectorAll('.vfp-chart .vfp-point').length,
		launch: document.querySelectorAll('.vfp-detail .vfp-launch').length,
		answer: document.querySelector('.vfp-results').dataset.answer,
	}));
	check(after.rows === 0 && after.points === 0 && after.launch === 0 && after.answer === 'none',
	      `the failed query's old answer is taken off (${JSON.stringify(after)})`);
	await page.screenshot({ path: path.join(outDir, 'error.png') });
	await page.click('[data-field=budget] input', { clickCount: 3 });
	await page.keyboard.press('Backspace');

	// serving, ranked by /v1/serve
	await page.select('[data-field=job] select', 'serve');
	await page.click('.vfp-combo input', { clickCount: 3 });
	await page.keyboard.type('llama-3.1-70b');
	await page.keyboard.press('Escape');
	await page.click('[data-field=users] input', { clickCount: 3 });
	await page.keyboard.type('4');
	await page.select('[data-field=quant] select', 'fp8');
	await setField('[data-field=gpu] input', 'H100');
	await page.select('[data-field=spot] select', 'no');
	const launchesBefore = posts.filter((p) => p.url.endsWith('/v1/launch')).length;
	await submitWithEnter(page, '[data-field=users] input');
	await page.waitForFunction(() => {
		const e = document.querySelector('.vfp-form .vfp-error');
		return !e.classList.contains('vfp-on') &&
			document.querySelector('.vfp-results').getAttribute('aria-busy') === 'false' &&
			document.querySelector('.vfp-th-time').textContent === 'Speed';
	}, { timeout: 15000 }).catch(async (e) => {
		const said = await page.evaluate(() => [
			document.querySelector('.vfp-form .vfp-error').textContent,
			document.querySelector('.vfp-status').textContent]);
		throw new Error(`serving gave no table: ${said.join(' / ')} (${e.message})`);
	});
	const servePost = [...posts].reverse().find((p) => p.url.endsWith('/v1/serve'));
	const sbody = JSON.parse(servePost.body);
	const scli = request({ ...sbody, command: 'serve' });
	const srows = await page.$$eval('.vfp-table tbody tr[data-offer]', (l) => l.map((r) => r.dataset.offer));
	check(srows.length > 0 && srows[0] === scli.plans[0].offer.id,
	      `serving: the first row is vfplan request's first plan (${srows[0]} / ${scli.plans[0] && scli.plans[0].offer.id})`);
	const sbars = await page.$$eval('.vfp-detail .vfp-bar', (l) => l.length);
	check(sbars === scli.plans[0].memory.gpus.length, `serving: a memory bar per GPU (${sbars})`);
	check(sbody.quant === 'fp8' && sbody.gpu === 'H100' && sbody.interruptible === 'no' &&
	      !('provider' in sbody),
	      `serving: the quantisation and the filters are in the body: ${servePost.body}`);
	check(JSON.stringify(srows) === JSON.stringify(scli.plans.map((p) => p.offer.id)) &&
	      scli.plans.every((p) => p.job.quant === 'fp8' && /H100/.test(p.offer.gpu) && !p.offer.interruptible),
	      `serving: the rows are vfplan request's fp8 plans on H100s, in order (${srows.length})`);
	const sdetail = await page.evaluate(() => ({
		launch: document.querySelectorAll('.vfp-detail .vfp-launch select, .vfp-detail .vfp-no-launch').length,
		cmd: document.querySelector('.vfp-detail .vfp-pre').textContent,
	}));
	const launchesAfter = posts.filter((p) => p.url.endsWith('/v1/launch')).length;
	check(sdetail.launch === 0 && launchesAfter === launchesBefore && /^vfplan infer .*--quant fp8/.test(sdetail.cmd),
	      `serving: no launch panel (and no /v1/launch), the engine's plan instead: ${sdetail.cmd}`);
	const shash = new URLSearchParams(new URL(page.url()).hash.slice(1));
	check(shash.get('job') === 'serve' && shash.get('quant') === 'fp8' && shash.get('users') === '4' &&
	      shash.get('gpu') === 'H100' && shash.get('model') === 'llama-3.1-70b',
	      `serving: the address holds it: ${new URL(page.url()).hash}`);
	const serveRows = srows;
	// Back: the query before, from its address; Forward: this one again
	await page.goBack();
	await page.waitForFunction(() => document.querySelector('[data-field=job] select').value === 'full' &&
		document.querySelector('.vfp-th-time').textContent === 'Time', { timeout: 15000 });
	await answered(page);
	const backRows = await offersOf(page);
	const backPost = posts.filter((p) => /\/v1\/(rent|serve)$/.test(p.url)).pop();
	const backCli = request({ ...JSON.parse(backPost.body), command: 'rent' });
	await page.goForward();
	await page.waitForFunction(() => document.querySelector('.vfp-th-time').textContent === 'Speed',
				   { timeout: 15000 });
	await answered(page);
	const fwdRows = await offersOf(page);
	check(backPost.url.endsWith('/v1/rent') &&
	      JSON.stringify(backRows) === JSON.stringify(backCli.plans.map((p) => p.offer.id)) &&
	      JSON.stringify(fwdRows) === JSON.stringify(srows),
	      `Back runs the training query before, Forward the serving one again (${backRows.length}, ${fwdRows.length} rows)`);

	// a phone: a mobile viewport reloads the page, which keeps the form
	// and runs its query again by itself
	await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
	await page.waitForSelector('.vfp[data-ready=true]', { timeout: 10000 });
	await page.waitForSelector('.vfp-table tbody tr[data-offer]', { timeout: 15000 });
	await answered(page);
	const kept = await page.evaluate(() => [document.querySelector('[data-field=job] select').value,
		document.querySelector('[data-field=quant] select').value,
		document.querySelector('.vfp-combo input').value]);
	const phoneRows = await offersOf(page);
	check(kept.join() === 'serve,fp8,llama-3.1-70b' && JSON.stringify(phoneRows) === JSON.stringify(serveRows),
	      `a reload keeps the form (${kept.join(', ')}) and its answer (${phoneRows.length} rows)`);
	const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
	check(overflow <= 392, `on a phone nothing is wider than the screen (${overflow}px)`);
	await page.screenshot({ path: path.join(outDir, 'phone.png'), fullPage: true });

	check(outside.length === 0, `no request outside the server (${outside.join(', ') || 'none'})`);
	check(pageErrors.length === 0, `no script error (${pageErrors.join(' | ') || 'none'})`);
}

main().then(() => {
	console.log(`${failures.length ? 'FAILED' : 'passed'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
	process.exit(failures.length ? 1 : 0);
}, (e) => {
	console.error(`FAIL ${e.stack || e}`);
	process.exit(1);
});
