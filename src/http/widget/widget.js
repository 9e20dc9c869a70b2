/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * widget.js - vfplan's pricing widget: which machine to rent for a training
 * job or for serving a model, from `vfplan serve`'s /v1/models, /v1/rent,
 * /v1/serve and /v1/launch. Plain JavaScript, no framework, no request but
 * to the server that served this file (or the one data-api names).
 *
 * On its own page (index.html) it fills #vfplan-widget. Embedded in
 * another page with one tag,
 *     <script src="https://HOST:PORT/widget.js" async></script>
 * it fills the element data-target names (a CSS selector), else
 * #vfplan-widget, else a <div> it puts where the script tag is, and loads
 * widget.css from beside itself. Options, as data- attributes on the
 * script tag: data-api (the server's base URL), data-model, data-currency,
 * data-url-state="off" (leave the page's address alone).
 *
 * The form's state lives in the address's fragment (#model=...&job=...):
 * a link reproduces the answer, a reload keeps the form (see urlState()).
 */
(() => {
	'use strict';

	const script = document.currentScript;
	const opts = (script && script.dataset) || {};
	const scriptUrl = script && script.src ? script.src : location.href;
	const base = new URL(opts.api || '.', scriptUrl);
	if (!base.pathname.endsWith('/'))
		base.pathname += '/';

	const EMITS = [
		['deepspeed', 'DeepSpeed (ds_config.json)'],
		['accelerate', 'Accelerate (accelerate.yaml)'],
		['fsdp', 'Accelerate FSDP (accelerate.yaml)'],
		['torchrun', 'torchrun (command lines)'],
		['torchtune', 'torchtune (recipe YAML)'],
		['torchtitan', 'torchtitan (TOML)'],
		['axolotl', 'Axolotl (YAML)'],
		['llamafactory', 'LLaMA-Factory (YAML)'],
	];
	/* until /v1/currencies answers (vfplan currencies) */
	const CURRENCIES = ['EUR', 'USD'];
	/* The quantisations `rent --serve --quant` takes, by the engine's
	 * checkpoint format: src/base/infer_names.c's names; vllm, sglang and
	 * tgi serve Hugging Face checkpoints, llama.cpp and Ollama GGUF files
	 * (src/rent/rent_serve.c's hf_order / gguf_order, extended to every
	 * name of that format). The default sends none: the best that fits. */
	const QUANTS_HF = ['bf16', 'fp16', 'fp8', 'int8', 'awq4', 'gptq4', 'mxfp4'];
	const QUANTS_GGUF = ['q8_0', 'q6_k', 'q5_k_m', 'q4_k_m', 'q4_0'];
	const GGUF_ENGINES = ['llamacpp', 'ollama'];
	/* what a value from the address may look like; anything else is
	 * ignored (it only ever reaches the form's .value, never HTML) */
	const URL_VALUES = {
		model: /^[A-Za-z0-9][\w.:/+-]{0,127}$/,
		rank: /^\d{1,4}$/,
		tokens: /^\d+(\.\d+)?([eE]\d{1,2}|[kKmMbBtT])?$/,
		hours: /^\d{1,6}(\.\d+)?$/,
		context: /^\d{1,8}[kKmM]?$/,
		users: /^\d{1,5}$/,
		deadline: /^\d{1,6}(\.\d+)?\s*[smhd]?$/,
		budget: /^\d{1,9}(\.\d+)?([A-Za-z]{3})?$/,
		provider: /^[\w .,+-]{1,200}$/,
		gpu: /^[\w .,+-]{1,200}$/,
		region: /^[\w .-]{1,64}$/,
	};
	/* the plan's memory terms, in the order they are stacked */
	const TRAIN_TERMS = [
		['weights_bytes', 'weights', 'w'],
		['gradients_bytes', 'gradients', 'g'],
		['optimizer_bytes', 'optimizer states', 'o'],
		['activations_bytes', 'activations', 'a'],
		['logits_bytes', 'logits + loss', 'l'],
		['temporaries_bytes', 'step temporaries', 't'],
		['overhead_bytes', 'buffers + slack', 'b'],
	];
	const SERVE_TERMS = [
		['weights_bytes', 'weights', 'w'],
		['kv_cache_bytes', 'KV cache', 'k'],
		['overhead_bytes', 'engine overhead', 'b'],
	];

	/* ---- small helpers ---- */

	let serial = 0;
	const uid = (name) => `vfp${serial}-${name}`;

	function h(tag, attrs, ...kids) {
		const e = document.createElement(tag);
		for (const [k, v] of Object.entries(attrs || {})) {
			if (v === null || v === undefined || v === false)
				continue;
			if (k === 'class')
				e.className = v;
			else if (k === 'text')
				e.textContent = v;
			else if (k === 'style') /* CSSOM: allowed by a strict CSP */
				e.style.cssText = v;
			else if (k.startsWith('on'))
				e.addEventListener(k.slice(2), v);
			else
				e.setAttribute(k, v === true ? '' : v);
		}
		for (const kid of kids.flat(Infinity))
			if (kid !== null && kid !== undefined && kid !== false)
				e.append(kid instanceof Node ? kid : String(kid));
		return e;
	}

	const SVG_NS = 'http://www.w3.org/2000/svg';
	function s(tag, attrs, ...kids) {
		const e = document.createElementNS(SVG_NS, tag);
		for (const [k, v] of Object.entries(attrs || {})) {
			if (v === null || v === undefined)
				continue;
			if (k === 'text')
				e.textContent = v;
			else if (k.startsWith('on'))
				e.addEventListener(k.slice(2), v);
			else
				e.setAttribute(k, v);
		}
		for (const kid of kids.flat(Infinity))
			if (kid)
				e.append(kid);
		return e;
	}

	const gb = (bytes) => (bytes / 1e9).toFixed(bytes < 1e10 ? 2 : 1) + ' GB';

	function fmtParams(n) {
		if (!n)
			return '';
		if (n >= 1e12)
			return (n / 1e12).toFixed(2) + 'T';
		if (n >= 1e9)
			return (n / 1e9).toFixed(n >= 1e11 ? 0 : 1) + 'B';
		return (n / 1e6).toFixed(0) + 'M';
	}

	/* A duration in `unit` ("min", "h", "d"; default: its own). */
	function fmtDuration(sec, unit) {
		if (!isFinite(sec))
			return '–';
		unit = unit || durationUnit(sec);
		if (unit === 'min')
			return `${Math.max(1, Math.round(sec / 60))} min`;
		const v = unit === 'h' ? sec / 3600 : sec / 86400;
		/* as the CLI's table (cmd_rent.c): two decimals under one */
		return `${v.toFixed(v < 1 ? 2 : v < 10 ? 1 : 0)} ${unit}`;
	}

	/* One unit for a whole column: its longest duration's. */
	function durationUnit(longest) {
		return longest < 3600 ? 'min' : longest < 4 * 86400 ? 'h' : 'd';
	}

	function fmtMoney(x, currency) {
		if (!isFinite(x))
			return '–';
		const digits = x < 1 ? 3 : x < 100 ? 2 : 0;
		try {
			return new Intl.NumberFormat(undefined, {
				style: 'currency', currency,
				minimumFractionDigits: digits,
				maximumFractionDigits: digits,
			}).format(x);
		} catch (e) {
			return `${x.toFixed(digits)} ${currency || ''}`.trim();
		}
	}

	function fmtNum(x, digits) {
		return new Intl.NumberFormat(undefined, {
			maximumFractionDigits: digits,
		}).format(x);
	}

	class ApiError extends Error {}

	async function api(path, body, signal) {
		const init = { signal, headers: { Accept: 'application/json' } };
		if (body) {
			init.method = 'POST';
			init.headers['Content-Type'] = 'application/json';
			init.body = JSON.stringify(body);
		}
		let res;
		try {
			res = await fetch(new URL(path, base), init);
		} catch (e) {
			if (e.name === 'AbortError')
				throw e;
			throw new ApiError(`the server at ${base.origin} did not ` +
					   `answer (${e.message})`);
		}
		const text = await res.text();
		let data = null;
		try {
			data = JSON.parse(text);
		} catch (e) {
			data = null;
		}
		if (!res.ok || !data || data.error) {
			const m = data && data.error && data.error.message;
			throw new ApiError(m || `${res.status} ${res.statusText}`);
		}
		return data;
	}

	async function copyText(text) {
		if (navigator.clipboard && window.isSecureContext) {
			try {
				await navigator.clipboard.writeText(text);
				return true;
			} catch (e) {
				/* fall back below */
			}
		}
		const area = h('textarea', { class: 'vfp-offscreen',
					     'aria-hidden': 'true' });
		area.value = text;
		document.body.append(area);
		area.select();
		let ok = false;
		try {
			ok = document.execCommand('copy');
		} catch (e) {
			ok = false;
		}
		area.remove();
		return ok;
	}

	/* ---- the widget ---- */

	function mount(root) {
		serial++;
		root.classList.add('vfp');
		const state = {
			models: [], gpus: new Map(), req: null, kind: 'train',
			plans: [], excluded: [], selected: -1, hours: 0,
			controller: null,
		};

		/* the form */
		const field = (id, label, control, hint) => h('div',
			{ class: 'vfp-field', 'data-field': id },
			h('label', { for: uid(id) }, label), control,
			hint ? h('p', { class: 'vfp-hint', id: uid(id + '-hint') },
				 hint) : null);

		const modelInput = h('input', {
			id: uid('model'), type: 'text', role: 'combobox',
			autocomplete: 'off', spellcheck: 'false',
			'aria-autocomplete': 'list', 'aria-expanded': 'false',
			'aria-controls': uid('models'),
			'aria-describedby': uid('model-hint'),
			placeholder: 'loading the models…',
		});
		const modelList = h('ul', { id: uid('models'), role: 'listbox',
					    class: 'vfp-options', hidden: true,
					    'aria-label': 'Models' });
		const jobSel = h('select', { id: uid('job') },
			h('option', { value: 'full' }, 'Full fine-tune'),
			h('option', { value: 'lora' }, 'LoRA'),
			h('option', { value: 'qlora' }, 'QLoRA (4-bit base)'),
			h('option', { value: 'serve' }, 'Serve (inference)'));
		const rankIn = h('input', { id: uid('rank'), type: 'number',
					    min: '1', max: '1024', value: '16',
					    inputmode: 'numeric' });
		const amountIn = h('input', { id: uid('amount'), type: 'text',
					      value: '2B', inputmode: 'text',
					      'aria-describedby': uid('amount-hint') });
		const amountField = field('amount', 'Tokens to train on', amountIn,
					  'e.g. 2B, 500M, 2e9');
		const contextIn = h('input', { id: uid('context'), type: 'text',
					       value: '8192' });
		const usersIn = h('input', { id: uid('users'), type: 'number',
					     min: '1', value: '4',
					     inputmode: 'numeric' });
		const deadlineIn = h('input', { id: uid('deadline'), type: 'text',
						placeholder: 'none',
						'aria-describedby': uid('deadline-hint') });
		const budgetIn = h('input', { id: uid('budget'), type: 'text',
					      placeholder: 'none', inputmode: 'decimal',
					      'aria-describedby': uid('budget-hint') });
		const currencySel = h('select', { id: uid('currency'),
						  'aria-label': 'Currency' },
				      CURRENCIES.map((c) => h('option', { value: c }, c)));
		if (CURRENCIES.includes(opts.currency))
			currencySel.value = opts.currency;
		const sortSel = h('select', { id: uid('sort') });
		/* the filters /v1/rent takes (docs/rent.md): names as the
		 * catalog writes them; the server refuses an unknown one with
		 * the choices */
		const providerIn = h('input', { id: uid('provider'), type: 'text',
						placeholder: 'any',
						'aria-describedby': uid('provider-hint') });
		const gpuIn = h('input', { id: uid('gpu'), type: 'text',
					   placeholder: 'any',
					   'aria-describedby': uid('gpu-hint') });
		const regionIn = h('input', { id: uid('region'), type: 'text',
					      placeholder: 'any',
					      'aria-describedby': uid('region-hint') });
		const spotSel = h('select', { id: uid('spot') },
			h('option', { value: 'yes' }, 'included (marked)'),
			h('option', { value: 'no' }, 'left out'),
			h('option', { value: 'only' }, 'only these'));
		/* serving: the engine (default vllm, as `rent --serve`) and the
		 * quantisation (default: the best quality that fits) */
		const engineSel = h('select', { id: uid('engine') },
			h('option', { value: '' }, 'vllm (default)'));
		const quantSel = h('select', { id: uid('quant'),
					       'aria-describedby': uid('quant-hint') });
		const runBtn = h('button', { type: 'submit', class: 'vfp-run' },
				 'Find machines');
		const errorBox = h('div', { class: 'vfp-error', role: 'alert',
					    id: uid('error') });

		const form = h('form', { class: 'vfp-form', novalidate: true,
					 'aria-label': 'What to rent GPUs for' },
			h('div', { class: 'vfp-field vfp-field-model', 'data-field': 'model' },
			  h('label', { for: uid('model') }, 'Model'),
			  h('div', { class: 'vfp-combo' }, modelInput, modelList),
			  h('p', { class: 'vfp-hint', id: uid('model-hint') },
			    'type to search by name, family or size')),
			field('job', 'Job', jobSel),
			field('rank', 'LoRA rank', rankIn),
			amountField,
			field('context', 'Context (tokens)', contextIn),
			field('users', 'Concurrent users', usersIn),
			field('deadline', 'Deadline', deadlineIn, 'e.g. 24h, 2d, 90m'),
			h('div', { class: 'vfp-field', 'data-field': 'budget' },
			  h('label', { for: uid('budget') }, 'Budget'),
			  h('div', { class: 'vfp-pair' }, budgetIn, currencySel),
			  h('p', { class: 'vfp-hint', id: uid('budget-hint') },
			    'the whole job; e.g. 300')),
			field('sort', 'Rank by', sortSel),
			field('provider', 'Providers', providerIn, 'e.g. RunPod, Lambda'),
			field('gpu', 'GPUs', gpuIn, 'e.g. H100, A100-80'),
			field('region', 'Region', regionIn, 'part of its name, e.g. us-east'),
			field('spot', 'Interruptible (spot)', spotSel),
			field('engine', 'Engine', engineSel),
			field('quant', 'Quantisation', quantSel,
			      'of the weights; the default tries 16, 8, then 4 bits'),
			h('div', { class: 'vfp-actions' }, runBtn),
			errorBox);

		/* the results: chart and detail first, in boxes of a fixed
		 * size, then the table, so that nothing moves as they fill */
		const status = h('p', { class: 'vfp-status', role: 'status' },
				 'Pick a model and a job, then press Enter.');
		const chart = h('figure', { class: 'vfp-chart' },
			h('div', { class: 'vfp-chart-box' }),
			h('figcaption', { class: 'vfp-caption' },
			  'Time against cost: the filled points are the Pareto ' +
			  'front (none faster for less).'));
		const detail = h('section', { class: 'vfp-detail',
					      'aria-label': 'The chosen machine',
					      tabindex: '-1' });
		const tbody = h('tbody');
		const table = h('table', { class: 'vfp-table' },
			h('caption', { class: 'vfp-offscreen' },
			  'The machines that fit, ranked'),
			h('thead', {}, h('tr', {},
				h('th', { scope: 'col' }, '#'),
				h('th', { scope: 'col' }, 'Machine'),
				h('th', { scope: 'col', class: 'vfp-th-time' }, 'Time'),
				h('th', { scope: 'col', class: 'vfp-th-cost' }, 'Cost'),
				h('th', { scope: 'col' }, 'Strategy and settings'),
				h('th', { scope: 'col' }, 'Memory per GPU'))),
			tbody);
		const excluded = h('details', { class: 'vfp-excluded' },
			h('summary', {}, 'Left out'), h('ul'));
		const results = h('div', { class: 'vfp-results', 'aria-busy': 'false' },
			status,
			h('div', { class: 'vfp-top' }, chart, detail),
			h('div', { class: 'vfp-table-wrap' }, table),
			excluded);

		root.replaceChildren(form, results);
		placeholders();

		/* ---- the model combobox ---- */

		let shown = [], active = -1;

		function modelLabel(m) {
			return [m.family, fmtParams(m.params)].filter(Boolean).join(', ');
		}

		function filterModels() {
			const words = modelInput.value.toLowerCase().split(/\s+/)
				.filter(Boolean);
			shown = state.models.filter((m) => {
				const hay = `${m.name} ${m.family || ''} ${fmtParams(m.params)}`
					.toLowerCase();
				return words.every((w) => hay.includes(w));
			}).slice(0, 60);
			active = -1;
			modelList.replaceChildren(...shown.map((m, i) => h('li', {
				id: uid(`opt-${i}`), role: 'option', 'aria-selected': 'false',
				'data-name': m.name,
				onmousedown: (ev) => ev.preventDefault(),
				onclick: () => choose(i),
			}, h('span', { class: 'vfp-opt-name' }, m.name),
			   h('span', { class: 'vfp-opt-meta' }, modelLabel(m)))));
			if (!shown.length)
				modelList.append(h('li', { class: 'vfp-opt-none',
							   role: 'presentation' },
						   'no model of that name: a size such as 8B works too'));
		}

		function openList(open) {
			modelList.hidden = !open;
			modelInput.setAttribute('aria-expanded', String(open));
			if (!open) {
				active = -1;
				modelInput.removeAttribute('aria-activedescendant');
			}
		}

		function setActive(i) {
			const items = modelList.querySelectorAll('[role=option]');
			if (!items.length)
				return;
			active = (i + items.length) % items.length;
			items.forEach((li, k) => li.setAttribute('aria-selected',
								 String(k === active)));
			modelInput.setAttribute('aria-activedescendant', items[active].id);
			items[active].scrollIntoView({ block: 'nearest' });
		}

		function choose(i) {
			modelInput.value = shown[i].name;
			openList(false);
		}

		modelInput.addEventListener('input', () => {
			filterModels();
			openList(true);
		});
		modelInput.addEventListener('focus', () => {
			if (state.models.length) {
				filterModels();
				openList(true);
			}
		});
		modelInput.addEventListener('blur', () => openList(false));
		modelInput.addEventListener('keydown', (ev) => {
			const open = !modelList.hidden;
			if (ev.key === 'ArrowDown' || ev.key === 'ArrowUp') {
				ev.preventDefault();
				if (!open) {
					filterModels();
					openList(true);
				}
				setActive(active + (ev.key === 'ArrowDown' ? 1 : -1));
			} else if (ev.key === 'Enter' && open && active >= 0) {
				ev.preventDefault(); /* picks; the next Enter runs */
				choose(active);
			} else if (ev.key === 'Escape' && open) {
				ev.preventDefault();
				openList(false);
			} else if (ev.key === 'Enter') {
				openList(false);
			}
		});

		/* ---- the job's fields ---- */

		function showFields() {
			const job = jobSel.value, serve = job === 'serve';
			const show = (name, on) => {
				form.querySelector(`[data-field=${name}]`).hidden = !on;
			};
			show('rank', job === 'lora' || job === 'qlora');
			show('context', serve);
			show('users', serve);
			show('deadline', !serve);
			show('engine', serve);
			show('quant', serve);
			amountField.querySelector('label').textContent =
				serve ? 'Hours of serving' : 'Tokens to train on';
			amountField.querySelector('.vfp-hint').textContent =
				serve ? 'e.g. 720 (a month); prices the rental' :
					'e.g. 2B, 500M, 2e9';
			if (serve && /[a-z]/i.test(amountIn.value))
				amountIn.value = '720';
			if (!serve && !/[a-z]/i.test(amountIn.value))
				amountIn.value = '2B';
			const sorts = serve ?
				[['price', 'price per hour'], ['token-cost', 'cost per token']] :
				[['cost', 'total cost'], ['time', 'time']];
			const was = sortSel.value;
			sortSel.replaceChildren(...sorts.map(([v, t]) =>
				h('option', { value: v }, t)));
			if (sorts.some(([v]) => v === was))
				sortSel.value = was;
		}
		jobSel.addEventListener('change', showFields);
		showFields();

		/* the quantisations of the chosen engine's checkpoint format */
		function fillQuants() {
			const was = quantSel.value;
			const list = GGUF_ENGINES.includes(engineSel.value) ?
				QUANTS_GGUF : QUANTS_HF;
			quantSel.replaceChildren(
				h('option', { value: '' }, 'best that fits'),
				...list.map((q) => h('option', { value: q }, q)));
			if (list.includes(was))
				quantSel.value = was;
		}
		engineSel.addEventListener('change', fillQuants);
		fillQuants();

		/* ---- the query ---- */

		function fail(message) {
			errorBox.textContent = message;
			errorBox.classList.add('vfp-on');
		}

		function clearError() {
			errorBox.textContent = '';
			errorBox.classList.remove('vfp-on');
		}

		function modelName() {
			const typed = modelInput.value.trim();
			const m = state.models.find((x) =>
				x.name.toLowerCase() === typed.toLowerCase());
			return m ? m.name : typed;
		}

		/* the catalog's filters, which /v1/rent and /v1/serve take
		 * alike (src/report/request_rent.c, request_serving.c) */
		function filters(body) {
			for (const [k, el] of [['provider', providerIn], ['gpu', gpuIn],
					       ['region', regionIn]])
				if (el.value.trim())
					body[k] = el.value.trim();
			if (spotSel.value !== 'yes')
				body.interruptible = spotSel.value;
		}

		/* the request the form says, or a message */
		function buildRequest() {
			const job = jobSel.value, model = modelName();
			const currency = currencySel.value;
			const budget = budgetIn.value.trim().replace(/\s+/g, '');
			if (!model)
				return { error: 'Pick a model: type part of its name.' };
			const body = { model, currency, sort: sortSel.value, top: 20 };
			if (job === 'serve') {
				const hours = amountIn.value.trim() === '' ? 0 :
					Number(amountIn.value);
				if (!(hours >= 0) || !isFinite(hours))
					return { error: 'Hours of serving is a number, such as 720.' };
				const users = Number(usersIn.value);
				if (!Number.isInteger(users) || users < 1)
					return { error: 'Concurrent users is a whole number, 1 or more.' };
				body.concurrency = users;
				const ctx = /^(\d+)([kKmM]?)$/.exec(contextIn.value.trim());
				if (contextIn.value.trim() && !ctx)
					return { error: 'The context is a number of tokens, such as 8192 or 32k.' };
				if (ctx) /* as the CLI counts contexts: k = 1024 */
					body.context = Number(ctx[1]) *
						({ k: 1024, m: 1048576 }[ctx[2].toLowerCase()] || 1);
				let limit = null;
				if (budget) {
					const m = /^(\d+(?:\.\d+)?)([A-Za-z]{3})?$/.exec(budget);
					if (!m)
						return { error: `'budget' is an amount such as 300 or "300${currency}"` };
					if (m[2] && m[2].toUpperCase() !== currency)
						return { error: `budget is in ${m[2].toUpperCase()} but currency is ${currency}` };
					limit = Number(m[1]);
				}
				if (limit !== null && !hours)
					return { error: 'A budget for serving needs the hours it pays for.' };
				filters(body);
				if (engineSel.value)
					body.engine = engineSel.value;
				if (quantSel.value)
					body.quant = quantSel.value;
				return { endpoint: 'v1/serve', kind: 'serve', body, hours, limit };
			}
			const amount = amountIn.value.trim();
			if (!amount)
				return { error: 'Say how many tokens to train on, such as 2B.' };
			body.tokens = /^\d+(\.\d+)?([eE]\d+)?$/.test(amount) ?
				Number(amount) : amount;
			if (deadlineIn.value.trim())
				body.deadline = deadlineIn.value.trim();
			if (budget)
				body.budget = /^\d+(\.\d+)?$/.test(budget) ?
					budget + currency : budget;
			const rank = Number(rankIn.value);
			if ((job === 'lora' || job === 'qlora') &&
			    !(Number.isInteger(rank) && rank >= 1))
				return { error: 'The LoRA rank is a whole number, such as 16.' };
			filters(body);
			if (job === 'lora')
				body.lora = rank;
			if (job === 'qlora') {
				body.qlora = true;
				if (rank !== 16)
					body.lora = rank;
			}
			return { endpoint: 'v1/rent', kind: 'train', body };
		}

		/* While a query runs, the last answer is greyed and inert: it
		 * answers the previous query, not this one. */
		function busy(on) {
			results.setAttribute('aria-busy', String(on));
			results.classList.toggle('vfp-loading', on);
			results.inert = on;
		}

		/* A query that got no answer takes the old one off the screen:
		 * what stays must not read as the answer to the new one. */
		function noAnswer(why) {
			state.plans = [];
			state.excluded = [];
			state.selected = -1;
			results.dataset.answer = 'none';
			status.textContent = why;
			chart.querySelector('.vfp-chart-box').replaceChildren(
				h('p', { class: 'vfp-empty' }, 'No answer to chart.'));
			detail.replaceChildren(h('p', { class: 'vfp-empty' },
				'No answer to this query.'));
			tbody.replaceChildren(h('tr', { class: 'vfp-none' },
				h('td', { colspan: '6' }, 'No answer to this query: the ' +
				  'message under the form says why.')));
			excluded.hidden = true;
		}

		async function run(q) {
			if (state.controller)
				state.controller.abort();
			const controller = new AbortController();
			state.controller = controller;
			busy(true);
			status.textContent = 'Planning the job on every machine of the catalog…';
			try {
				const data = await api(q.endpoint, q.body, controller.signal);
				if (state.controller !== controller)
					return;
				results.dataset.answer = 'ok';
				show(q, data);
			} catch (e) {
				if (e.name === 'AbortError')
					return;
				fail(e.message);
				noAnswer('No answer: the message above says why.');
			} finally {
				if (state.controller === controller) {
					state.controller = null;
					busy(false);
				}
			}
		}

		function submit(fromUrl) {
			openList(false);
			clearError();
			const q = buildRequest();
			writeUrl(fromUrl === true);
			if (q.error) {
				fail(q.error);
				if (state.controller)
					state.controller.abort();
				state.controller = null;
				busy(false);
				noAnswer('No answer: the message above says why.');
				return;
			}
			run(q);
		}

		form.addEventListener('submit', (ev) => {
			ev.preventDefault();
			submit(false);
		});

		/* ---- the form in the address: #model=...&job=... ---- */

		const useUrl = serial === 1 && opts.urlState !== 'off';

		/* the form's fields, as the address names them */
		function formFields() {
			const serve = jobSel.value === 'serve';
			const f = [['model', modelInput], ['job', jobSel]];
			if (jobSel.value === 'lora' || jobSel.value === 'qlora')
				f.push(['rank', rankIn]);
			f.push([serve ? 'hours' : 'tokens', amountIn]);
			if (serve)
				f.push(['context', contextIn], ['users', usersIn],
				       ['engine', engineSel], ['quant', quantSel]);
			else
				f.push(['deadline', deadlineIn]);
			f.push(['budget', budgetIn], ['currency', currencySel],
			       ['sort', sortSel], ['provider', providerIn],
			       ['gpu', gpuIn], ['region', regionIn],
			       ['interruptible', spotSel]);
			return f;
		}

		function urlState() {
			const p = new URLSearchParams();
			for (const [k, el] of formFields()) {
				const v = el.value.trim();
				if (v)
					p.set(k, v);
			}
			return p.toString();
		}

		let written = null;
		function writeUrl(replace) {
			if (!useUrl)
				return;
			const hash = '#' + urlState();
			if (hash === location.hash)
				return;
			written = hash;
			/* a new query is a new entry: Back goes to the last one;
			 * a link followed keeps its entry, written as the form
			 * reads it */
			if (replace)
				history.replaceState(history.state, '', hash);
			else
				history.pushState(null, '', hash);
		}

		/* One value from the address into its control, if it is one the
		 * control can hold; returns whether it was taken. */
		function take(el, key, v) {
			if (el.tagName === 'SELECT') {
				if (![...el.options].some((o) => o.value === v))
					return false;
				el.value = v;
				el.dispatchEvent(new Event('change'));
				return true;
			}
			if (!URL_VALUES[key] || !URL_VALUES[key].test(v))
				return false;
			el.value = v;
			return true;
		}

		/* the controls' first values: a link sets what it names, the
		 * rest goes back to these */
		const initial = [jobSel, rankIn, amountIn, contextIn, usersIn,
				 deadlineIn, budgetIn, currencySel, providerIn,
				 gpuIn, regionIn, spotSel, engineSel]
			.map((el) => [el, el.value]);

		/* The form from the address; true when it names a model (then
		 * the query runs). Unknown keys and values are left out. */
		function readUrl() {
			if (!useUrl || !/^#(.*&)?model=/.test(location.hash))
				return false;
			const p = new URLSearchParams(location.hash.slice(1));
			const get = (k) => (p.get(k) || '').trim();
			for (const [el, v] of initial)
				el.value = v;
			/* the job first: it decides the fields and the sorts */
			take(jobSel, 'job', get('job'));
			showFields();
			fillQuants();
			for (const [k, el] of formFields())
				if (k !== 'job' && p.has(k))
					take(el, k, get(k));
			/* the engine's quantisations come after the engine */
			if (p.has('quant'))
				take(quantSel, 'quant', get('quant'));
			return !!modelInput.value.trim();
		}

		function followUrl() {
			if (location.hash === written)
				return;
			written = location.hash;
			if (root.dataset.ready === 'true' && readUrl())
				submit(true);
		}
		if (useUrl) {
			/* Back, Forward, or a link edited in the address bar */
			window.addEventListener('popstate', followUrl);
			window.addEventListener('hashchange', followUrl);
		}

		/* ---- what a plan says ---- */

		function row(p, kind) {
			const o = p.offer || {}, cost = p.cost || {};
			if (kind === 'train') {
				const j = p.job, t = p.time, m = p.machine;
				const band = t.step_seconds > 0 ? t.train_seconds / t.step_seconds : 0;
				const parts = [`${j.strategy}${j.offload && j.offload !== 'none' ?
					' + offload ' + j.offload : ''}`];
				const par = [j.dp > 1 ? `dp ${j.dp}` : '', j.tp > 1 ? `tp ${j.tp}` : '',
					     j.pp > 1 ? `pp ${j.pp}` : ''].filter(Boolean).join(' × ');
				return {
					offer: o.id, provider: o.provider || '',
					gpus: `${m.total_gpus || o.count} × ${m.gpu}` +
						(m.nodes > 1 ? ` (${m.nodes} nodes)` : ''),
					time: t.train_seconds, timeText: fmtDuration(t.train_seconds),
					timeLow: t.step_seconds_low * band,
					timeHigh: t.step_seconds_high * band,
					timeBand: band ? `${fmtDuration(t.step_seconds_low * band)}–` +
						`${fmtDuration(t.step_seconds_high * band)}` : '',
					spot: !!o.interruptible,
					cost: cost.total, costText: fmtMoney(cost.total, cost.currency),
					perHour: cost.price_per_hour, currency: cost.currency,
					strategy: parts.join(''),
					settings: [`micro-batch ${j.micro_batch} × ${j.grad_accum} accumulation`,
						   `checkpointing ${j.checkpointing}`, par,
						   j.lora_rank ? `LoRA rank ${j.lora_rank}` +
						   (j.quant_base ? ` on ${j.quant_base}` : '') : '']
						.filter(Boolean).join(', '),
					pareto: !!p.pareto, why: p.why || '',
					bars: trainBars(p),
				};
			}
			const j = p.job, t = p.time, mem = p.memory;
			const hours = state.hours;
			const total = hours ? cost.price_per_hour * hours : cost.price_per_hour;
			const perk = t.decode_tokens_per_second > 0 ?
				1000 / t.decode_tokens_per_second : Infinity;
			const count = o.count || (mem.gpus || []).length;
			return {
				offer: o.id, provider: o.provider || '',
				gpus: `${count} × ${o.gpu || mem.per_gpu.gpu}`,
				time: perk,
				timeText: `${fmtNum(t.decode_tokens_per_second_total, 0)} tok/s`,
				timeBand: `${fmtNum(t.decode_tokens_per_second, 1)} per user, ` +
					`first token ${fmtNum(t.ttft_seconds, 2)} s`,
				cost: total,
				costText: hours ? fmtMoney(total, cost.currency) :
					`${fmtMoney(total, cost.currency)}/h`,
				costBand: `${fmtMoney(cost.per_million_output_tokens, cost.currency)}` +
					' per M output tokens',
				perHour: cost.price_per_hour, currency: cost.currency,
				strategy: `${j.engine} ${j.engine_version || ''}, ${j.quant}`,
				settings: [`${mem.max_concurrent_sequences} sequences of ${j.context}`,
					   j.tp > 1 ? `tp ${j.tp}` : '', j.pp > 1 ? `pp ${j.pp}` : '',
					   j.kv_fp8 ? 'FP8 KV cache' : '']
					.filter(Boolean).join(', '),
				pareto: false, why: p.why || '',
				bars: serveBars(p),
			};
		}

		function trainBars(p) {
			const mem = p.memory, per = mem.per_gpu, m = p.machine;
			const vram = m.vram_bytes || mem.usable_vram_bytes;
			return [{
				label: m.total_gpus > 1 ? `each of ${m.total_gpus} ${m.gpu}` : m.gpu,
				terms: TRAIN_TERMS.map(([k, name, c]) => [name, per[k] || 0, c]),
				total: per.total_bytes, high: per.total_bytes_high,
				usable: mem.usable_vram_bytes, vram,
			}];
		}

		function serveBars(p) {
			const mem = p.memory;
			const list = mem.gpus && mem.gpus.length ? mem.gpus : [mem.per_gpu];
			return list.map((g, i) => ({
				label: list.length > 1 ? `GPU ${i} (${g.gpu})` : g.gpu,
				terms: SERVE_TERMS.map(([k, name, c]) => [name, g[k] || 0, c]),
				total: g.total_bytes, high: null, usable: g.usable_bytes,
				vram: state.gpus.get(g.gpu) || g.usable_bytes,
			}));
		}

		/* a stacked bar of one GPU's memory against its VRAM */
		function memBar(bar, compact) {
			const scale = Math.max(bar.vram, bar.total, bar.high || 0);
			const pct = (x) => `${(100 * x / scale).toFixed(2)}%`;
			const said = bar.terms.filter(([, b]) => b > 0)
				.map(([n, b]) => `${n} ${gb(b)}`).join(', ');
			const el = h('div', {
				class: 'vfp-bar' + (compact ? ' vfp-bar-compact' : ''),
				role: 'img',
				'aria-label': `${bar.label}: ${gb(bar.total)} of ${gb(bar.usable)} ` +
					`usable (${gb(bar.vram)} VRAM): ${said}`,
			}, bar.terms.filter(([, b]) => b > 0).map(([n, b, c]) =>
				h('span', { class: `vfp-seg vfp-c-${c}`, style: `width:${pct(b)}`,
					    title: `${n}: ${gb(b)}` })),
			bar.high > bar.total ? h('span', {
				class: 'vfp-band', title: `error band up to ${gb(bar.high)}`,
				style: `left:${pct(bar.total)};width:${pct(bar.high - bar.total)}`,
			}) : null,
			h('span', { class: 'vfp-usable', style: `left:${pct(bar.usable)}`,
				    title: `usable: ${gb(bar.usable)}` }));
			return el;
		}

		function legend(terms) {
			return h('ul', { class: 'vfp-legend' }, terms.map(([, n, c]) =>
				h('li', {}, h('span', { class: `vfp-swatch vfp-c-${c}` }), n)),
			h('li', {}, h('span', { class: 'vfp-swatch vfp-swatch-usable' }),
			  'usable limit'));
		}

		/* ---- drawing ---- */

		function placeholders() {
			chart.querySelector('.vfp-chart-box').replaceChildren(
				h('p', { class: 'vfp-empty' }, 'The chart of time against cost comes here.'));
			detail.replaceChildren(h('p', { class: 'vfp-empty' },
				'The chosen machine’s memory and launch files come here.'));
			tbody.replaceChildren(...Array.from({ length: 6 }, () =>
				h('tr', { class: 'vfp-skeleton', 'aria-hidden': 'true' },
				  Array.from({ length: 6 }, () => h('td', {}, h('span'))))));
			excluded.hidden = true;
		}

		function show(q, data) {
			state.req = q.body;
			state.kind = q.kind;
			state.hours = q.hours || 0;
			const plans = data.plans || [];
			const out = (data.excluded || []).map((x) => ({
				offer: typeof x.offer === 'object' ? x.offer.id : x.offer,
				reason: x.reason,
			}));
			let rows = plans.map((p) => ({ plan: p, ...row(p, q.kind) }));
			if (q.kind === 'train') { /* the time column in one unit */
				const unit = durationUnit(Math.max(0, ...rows.map((r) =>
					isFinite(r.time) ? r.time : 0)));
				/* the row, its band and the detail: one unit */
				for (const r of rows) {
					r.timeText = fmtDuration(r.time, unit);
					if (r.timeBand)
						r.timeBand = `${fmtDuration(r.timeLow, unit)}–` +
							fmtDuration(r.timeHigh, unit);
				}
			}
			if (q.kind === 'serve' && q.limit !== null) {
				for (const r of rows.filter((r) => r.cost > q.limit))
					out.unshift({ offer: r.offer, reason: `costs ${r.costText} ` +
						`for ${state.hours} h, over the budget of ` +
						fmtMoney(q.limit, r.currency) });
				rows = rows.filter((r) => r.cost <= q.limit);
			}
			if (q.kind === 'serve')
				markPareto(rows);
			state.plans = rows;
			state.excluded = out;
			state.selected = rows.length ? 0 : -1;
			let rank = q.kind === 'serve' ?
				(q.body.sort === 'token-cost' ? 'cost per token' : 'price per hour') :
				(q.body.sort === 'time' ? 'time' : 'total cost');
			if (q.kind === 'train' && q.body.sort !== 'time' && !q.body.deadline)
				rank = 'total cost, the time-cost front first';
			status.textContent = rows.length ?
				`${rows.length} machine${rows.length > 1 ? 's' : ''} ranked by ${rank}` +
				(out.length ? `; ${out.length} left out (below).` : '.') +
				(data.hint ? ` Hint: ${data.hint}.` : '') :
				`No machine fits: ${out.length} left out, each with its reason below.`;
			drawTable();
			drawChart();
			drawDetail();
			drawExcluded();
		}

		/* serving has no Pareto flag: the points no other beats on both */
		function markPareto(rows) {
			for (const r of rows)
				r.pareto = !rows.some((o) => o !== r && o.time <= r.time &&
					o.cost <= r.cost && (o.time < r.time || o.cost < r.cost));
		}

		function select(i, focus) {
			state.selected = i;
			tbody.querySelectorAll('tr').forEach((tr, k) => {
				tr.classList.toggle('vfp-selected', k === i);
				const b = tr.querySelector('.vfp-pick');
				if (b)
					b.setAttribute('aria-pressed', String(k === i));
			});
			chart.querySelectorAll('.vfp-point').forEach((g) =>
				g.classList.toggle('vfp-selected', Number(g.dataset.index) === i));
			drawDetail();
			if (focus)
				detail.focus({ preventScroll: false });
		}

		function drawTable() {
			if (!state.plans.length) {
				tbody.replaceChildren(h('tr', { class: 'vfp-none' },
					h('td', { colspan: '6' }, 'No machine of the catalog does this job ' +
					  'within these limits: see why below.')));
				return;
			}
			tbody.replaceChildren(...state.plans.map((r, i) => h('tr', {
				class: i === state.selected ? 'vfp-selected' : null,
				'data-offer': r.offer,
				onclick: (ev) => {
					if (!ev.target.closest('button'))
						select(i, false);
				},
			},
			h('td', { 'data-label': '#', class: 'vfp-rank' }, String(i + 1),
			  r.pareto ? h('span', { class: 'vfp-pareto',
						 title: 'on the Pareto front' }, '◆') : null),
			h('td', { 'data-label': 'Machine', class: 'vfp-machine' },
			  h('button', { type: 'button', class: 'vfp-pick',
					'aria-pressed': String(i === state.selected),
					onclick: () => select(i, true) }, r.offer),
			  r.spot ? h('span', { class: 'vfp-spot',
					       title: 'interruptible (spot): the provider may stop it' },
				      ' ~ spot') : null,
			  h('span', { class: 'vfp-sub' }, `${r.gpus} · ${r.provider}`)),
			h('td', { 'data-label': state.kind === 'serve' ? 'Speed' : 'Time' },
			  r.timeText, h('span', { class: 'vfp-sub' }, r.timeBand)),
			h('td', { 'data-label': 'Cost' }, r.costText,
			  h('span', { class: 'vfp-sub' }, r.costBand ||
			    `${fmtMoney(r.perHour, r.currency)}/h`)),
			h('td', { 'data-label': 'Strategy' }, r.strategy,
			  h('span', { class: 'vfp-sub' }, r.settings)),
			h('td', { 'data-label': 'Memory', class: 'vfp-mem-cell' },
			  r.bars.map((b) => memBar(b, true))))));
			table.querySelector('.vfp-th-time').textContent =
				state.kind === 'serve' ? 'Speed' : 'Time';
			table.querySelector('.vfp-th-cost').textContent =
				state.kind === 'serve' && !state.hours ? 'Price' : 'Cost';
		}

		function ticks(lo, hi, log) {
			if (log) {
				const out = [];
				for (let e = Math.floor(Math.log10(lo)); e <= Math.ceil(Math.log10(hi)); e++)
					for (const m of [1, 2, 5]) {
						const v = m * 10 ** e;
						if (v >= lo && v <= hi)
							out.push(v);
					}
				return out.length > 7 ? out.filter((v) => /^1/.test(v.toPrecision(1))) : out;
			}
			const step0 = (hi - lo) / 5, mag = 10 ** Math.floor(Math.log10(step0));
			const step = [1, 2, 5, 10].map((k) => k * mag).find((k) => k >= step0);
			const out = [];
			for (let v = Math.ceil(lo / step) * step; v <= hi + 1e-9; v += step)
				out.push(v);
			return out;
		}

		function axis(values, lo0, hi0) {
			let lo = Math.min(...values), hi = Math.max(...values);
			if (lo0 !== undefined)
				lo = Math.min(lo, lo0);
			const log = lo > 0 && hi / lo > 20;
			if (log) {
				lo /= 1.25;
				hi *= 1.25;
			} else {
				const pad = (hi - lo) * 0.08 || hi * 0.1 || 1;
				lo = Math.max(0, lo - pad);
				hi += pad;
			}
			return { lo, hi, log, ticks: ticks(lo, hi, log) };
		}

		function drawChart() {
			const box = chart.querySelector('.vfp-chart-box');
			const pts = state.plans.map((r, i) => ({ r, i }))
				.filter(({ r }) => isFinite(r.time) && isFinite(r.cost));
			if (!pts.length) {
				box.replaceChildren(h('p', { class: 'vfp-empty' }, 'Nothing to chart.'));
				return;
			}
			const W = 640, H = 400, L = 70, R = 16, T = 14, B = 48;
			const serve = state.kind === 'serve';
			const xs = pts.map(({ r }) => serve ? r.time : r.time / 3600);
			const ys = pts.map(({ r }) => r.cost);
			const ax = axis(xs), ay = axis(ys);
			const map = (a, v, p0, p1) => {
				const f = a.log ? (Math.log(v) - Math.log(a.lo)) / (Math.log(a.hi) - Math.log(a.lo)) :
					(v - a.lo) / (a.hi - a.lo);
				return p0 + f * (p1 - p0);
			};
			const X = (v) => map(ax, v, L, W - R), Y = (v) => map(ay, v, H - B, T);
			const cur = pts[0].r.currency;
			const xLabel = serve ? 'seconds per 1,000 output tokens, one user' :
				'hours to train' + (ax.log ? ' (log scale)' : '');
			const yLabel = (serve ? (state.hours ? `cost of ${state.hours} h` : 'price per hour') :
				'cost') + ` (${cur})` + (ay.log ? ', log' : '');
			const g = [];
			for (const v of ax.ticks)
				g.push(s('line', { x1: X(v), x2: X(v), y1: T, y2: H - B, class: 'vfp-grid' }),
				       s('text', { x: X(v), y: H - B + 16, 'text-anchor': 'middle',
						   class: 'vfp-tick', text: fmtNum(v, v < 10 ? 1 : 0) }));
			for (const v of ay.ticks)
				g.push(s('line', { x1: L, x2: W - R, y1: Y(v), y2: Y(v), class: 'vfp-grid' }),
				       s('text', { x: L - 6, y: Y(v) + 4, 'text-anchor': 'end',
						   class: 'vfp-tick', text: fmtNum(v, v < 10 ? 2 : 0) }));
			g.push(s('line', { x1: L, x2: W - R, y1: H - B, y2: H - B, class: 'vfp-axis' }),
			       s('line', { x1: L, x2: L, y1: T, y2: H - B, class: 'vfp-axis' }),
			       s('text', { x: (L + W - R) / 2, y: H - 8, 'text-anchor': 'middle',
					   class: 'vfp-label', text: xLabel }),
			       s('text', { x: 14, y: (T + H - B) / 2, 'text-anchor': 'middle',
					   transform: `rotate(-90 14 ${(T + H - B) / 2})`,
					   class: 'vfp-label', text: yLabel }));
			const front = pts.filter(({ r }) => r.pareto)
				.map(({ r }) => [X(serve ? r.time : r.time / 3600), Y(r.cost)])
				.sort((a, b) => a[0] - b[0]);
			if (front.length > 1) {
				let d = `M${front[0][0]},${front[0][1]}`;
				for (const [x, y] of front.slice(1))
					d += `H${x}V${y}`;
				g.push(s('path', { d, class: 'vfp-front' }));
			}
			for (const { r, i } of pts) {
				const x = X(serve ? r.time : r.time / 3600), y = Y(r.cost);
				const text = `${i + 1}. ${r.offer}: ${r.timeText}, ${r.costText}` +
					(r.pareto ? ', on the Pareto front' : '');
				g.push(s('g', {
					class: 'vfp-point' + (r.pareto ? ' vfp-on-front' : '') +
						(i === state.selected ? ' vfp-selected' : ''),
					tabindex: '0', role: 'button', 'aria-label': text,
					'data-index': String(i),
					onclick: () => select(i, false),
					onkeydown: (ev) => {
						if (ev.key === 'Enter' || ev.key === ' ') {
							ev.preventDefault();
							select(i, false);
						}
					},
				}, s('title', { text }), s('circle', { cx: x, cy: y, r: 9, class: 'vfp-hit' }),
				s('circle', { cx: x, cy: y, r: 5, class: 'vfp-dot' })));
			}
			box.replaceChildren(s('svg', {
				viewBox: `0 0 ${W} ${H}`, class: 'vfp-svg', role: 'group',
				'aria-label': `${pts.length} machines: ${xLabel} against ${yLabel}`,
			}, g));
		}

		function drawDetail() {
			const r = state.plans[state.selected];
			if (!r) {
				detail.replaceChildren(h('p', { class: 'vfp-empty' },
					'No machine to show.'));
				return;
			}
			const p = r.plan;
			const facts = [
				['GPUs', r.gpus],
				['Price', `${fmtMoney(r.perHour, r.currency)} per hour`],
				[state.kind === 'serve' ? 'Speed' : 'Time',
				 `${r.timeText}${r.timeBand ? ` (${r.timeBand})` : ''}`],
				['Cost', r.costText + (r.costBand ? ` (${r.costBand})` : '')],
				['Strategy', `${r.strategy}: ${r.settings}`],
			];
			if (r.spot)
				facts.push(['Interruptible', 'spot: the provider may stop it']);
			if (p.time && p.time.bottleneck_text)
				facts.push(['Bottleneck', p.time.bottleneck_text]);
			const terms = state.kind === 'serve' ? SERVE_TERMS : TRAIN_TERMS;
			const parts = [
				h('h3', { class: 'vfp-detail-title' }, r.offer,
				  h('span', { class: 'vfp-sub' }, r.provider)),
				h('p', { class: 'vfp-why' }, r.why),
				h('dl', { class: 'vfp-facts' }, facts.map(([k, v]) =>
					[h('dt', {}, k), h('dd', {}, v)])),
				h('h4', {}, 'Memory per GPU'),
				h('div', { class: 'vfp-bars' }, r.bars.map((b) => h('div',
					{ class: 'vfp-bar-row' },
					h('span', { class: 'vfp-bar-label' },
					  `${b.label}: ${gb(b.total)} of ${gb(b.vram)}`),
					memBar(b, false)))),
				legend(terms.filter(([, name]) => r.bars.some((b) =>
					b.terms.some(([n, v]) => n === name && v > 0)))),
			];
			if (p.warnings && p.warnings.length)
				parts.push(h('ul', { class: 'vfp-warnings' },
					     p.warnings.map((w) => h('li', {}, w))));
			parts.push(state.kind === 'serve' ? serveCommand(r) : launchBox(r));
			detail.replaceChildren(...parts);
		}

		function copyButton(get, what) {
			const note = h('span', { class: 'vfp-copied', role: 'status' });
			const btn = h('button', {
				type: 'button', class: 'vfp-copy',
				onclick: async () => {
					const text = get();
					if (!text)
						return;
					const ok = await copyText(text);
					note.textContent = ok ? 'copied' : 'select the text and copy it';
					setTimeout(() => {
						note.textContent = '';
					}, 2000);
				},
			}, `Copy ${what}`);
			return [btn, note];
		}

		function launchBody(r, emit) {
			const j = r.plan.job, m = r.plan.machine;
			const b = {
				emit, model: state.req.model, gpus: `${m.count}x${m.gpu}`,
				strategy: j.strategy, precision: j.precision,
				optimizer: j.optimizer, seq: j.seq, micro_batch: j.micro_batch,
				grad_accum: j.grad_accum, offload: j.offload, tp: j.tp, pp: j.pp,
			};
			if (m.nodes > 1)
				b.nodes = m.nodes;
			if (m.link)
				b.link = m.link;
			if (j.checkpointing)
				b.ckpt = j.checkpointing === 'every' && j.ckpt_every ?
					`every:${j.ckpt_every}` : j.checkpointing;
			if (j.quant_base) {
				b.qlora = true;
				b.quant_base = j.quant_base;
			}
			if (j.lora_rank)
				b.lora = j.lora_rank;
			if (j.tokens)
				b.tokens = j.tokens;
			return b;
		}

		/* Which launch files /v1/launch writes for this plan: every
		 * target is asked once (it answers 400 with the reason for a
		 * target that cannot run the plan, e.g. tensor parallelism
		 * outside torchtitan, FSDP on one GPU, a model torchtune lacks;
		 * src/rent/launch*.c). Kept on the row: asked once a plan. */
		function launchTargets(r) {
			if (!r.launch)
				r.launch = Promise.all(EMITS.map(([emit, label]) =>
					api('v1/launch', launchBody(r, emit)).then(
						(d) => ({ emit, label, file: d.file, text: d.text }),
						(e) => ({ emit, label, error: e.message }))));
			return r.launch;
		}

		/* The launch panel, once the targets have answered; none when no
		 * target writes this plan: then a line says why. */
		function launchBox(r) {
			const box = h('div', { class: 'vfp-launch', 'aria-live': 'polite' },
				h('h4', {}, 'Launch files'),
				h('p', { class: 'vfp-hint' }, 'asking which launchers run it…'));
			launchTargets(r).then((all) => {
				if (!box.isConnected) /* another plan is shown now */
					return;
				const ok = all.filter((t) => !t.error);
				if (!ok.length) {
					box.className = 'vfp-no-launch';
					box.replaceChildren(h('h4', {}, 'No launch file'),
						h('p', {}, 'vfplan writes no launch file for this ' +
						  `plan: ${all[0].error}`));
					return;
				}
				box.replaceChildren(...launchPanel(ok));
			});
			return box;
		}

		function launchPanel(ok) {
			const emitSel = h('select', { id: uid('emit') },
				ok.map((t) => h('option', { value: t.emit }, t.label)));
			emitSel.value = ok.some((t) => t.emit === launchBox.last) ?
				launchBox.last : ok[0].emit;
			const fileName = h('code', { class: 'vfp-file' });
			const pre = h('pre', { class: 'vfp-pre', tabindex: '0',
					       'aria-label': 'The launch file' });
			const showIt = () => {
				const t = ok.find((x) => x.emit === emitSel.value);
				launchBox.last = t.emit;
				fileName.textContent = t.file;
				pre.textContent = t.text;
			};
			emitSel.addEventListener('change', showIt);
			showIt();
			return [h('h4', {}, 'Launch files'),
				h('div', { class: 'vfp-launch-bar' },
				  h('label', { for: uid('emit') }, 'For'), emitSel,
				  copyButton(() => pre.textContent, 'file')),
				fileName, pre];
		}

		function serveCommand(r) {
			const j = r.plan.job, o = r.plan.offer || {};
			const cmd = ['vfplan infer', `--model ${state.req.model}`,
				     `--gpus ${o.count}x${o.gpu}`, `--engine ${j.engine}`,
				     `--quant ${j.quant}`, `--context ${j.context}`,
				     `--concurrency ${j.concurrency}`, `--offer ${o.id}`].join(' ');
			return h('div', { class: 'vfp-launch' },
				h('h4', {}, 'The plan on this machine'),
				h('div', { class: 'vfp-launch-bar' }, copyButton(() => cmd, 'command')),
				h('pre', { class: 'vfp-pre vfp-pre-wrap', tabindex: '0' }, cmd));
		}

		function drawExcluded() {
			const list = excluded.querySelector('ul');
			excluded.hidden = !state.excluded.length;
			excluded.querySelector('summary').textContent =
				`${state.excluded.length} machine${state.excluded.length === 1 ? '' : 's'} left out, and why`;
			list.replaceChildren(...state.excluded.map((x) => h('li', {},
				h('strong', {}, x.offer), ': ', x.reason)));
			if (!state.plans.length)
				excluded.open = true;
		}

		/* ---- start ---- */

		/* the currencies of `vfplan currencies`: a server without
		 * /v1/currencies keeps EUR and USD */
		function fillCurrencies(list) {
			const codes = (Array.isArray(list) ? list : [])
				.map((c) => c && c.code)
				.filter((c) => typeof c === 'string' && /^[A-Z]{3}$/.test(c));
			if (!codes.length)
				return;
			const was = currencySel.value;
			currencySel.replaceChildren(...codes.map((c) =>
				h('option', { value: c }, c)));
			const want = codes.includes(opts.currency) ? opts.currency : was;
			currencySel.value = codes.includes(want) ? want : codes[0];
			initial.find(([el]) => el === currencySel)[1] = currencySel.value;
		}

		/* the engines of /v1/engines (vfplan engines: one entry per
		 * version), each name once */
		function fillEngines(list) {
			const names = [...new Set((Array.isArray(list) ? list : [])
				.map((e) => e && e.engine)
				.filter((e) => typeof e === 'string' && /^[a-z0-9_.-]+$/.test(e)))];
			engineSel.replaceChildren(h('option', { value: '' }, 'vllm (default)'),
				...names.filter((n) => n !== 'vllm').map((n) =>
					h('option', { value: n }, n)));
		}

		Promise.all([api('v1/models'), api('v1/gpus').catch(() => []),
			     api('v1/currencies').catch(() => []),
			     api('v1/engines').catch(() => [])])
			.then(([models, gpus, currencies, engines]) => {
				state.models = (Array.isArray(models) ? models : [])
					.filter((m) => m && m.name)
					.sort((a, b) => a.name.localeCompare(b.name));
				for (const g of Array.isArray(gpus) ? gpus : [])
					if (g && g.name && g.vram_bytes)
						state.gpus.set(g.name, g.vram_bytes);
				fillCurrencies(currencies);
				fillEngines(engines);
				modelInput.placeholder = `search ${state.models.length} models`;
				const want = opts.model || 'llama-3.1-8b';
				if (!modelInput.value && state.models.some((m) => m.name === want))
					modelInput.value = want;
				const linked = readUrl();
				written = location.hash;
				root.dataset.ready = 'true';
				if (linked)
					submit(true);
			})
			.catch((e) => {
				modelInput.placeholder = 'a model name or a size such as 8B';
				fail(`The list of models did not load: ${e.message}`);
				const linked = readUrl();
				written = location.hash;
				root.dataset.ready = 'true';
				if (linked)
					submit(true);
			});
	}

	function start() {
		let root = opts.target ? document.querySelector(opts.target) : null;
		root = root || document.getElementById('vfplan-widget');
		if (!root) {
			root = document.createElement('div');
			if (script && script.parentNode)
				script.parentNode.insertBefore(root, script);
			else
				document.body.append(root);
		}
		const css = new URL('widget.css', scriptUrl).href;
		const have = Array.from(document.querySelectorAll('link[rel=stylesheet]'))
			.some((l) => l.href === css);
		if (!have)
			document.head.append(h('link', { rel: 'stylesheet', href: css }));
		mount(root);
	}

	if (document.readyState === 'loading')
		document.addEventListener('DOMContentLoaded', start, { once: true });
	else
		start();
})();
