/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cmd_rent.c - `vfplan rent`: which machine to rent for a training job.
 * Every catalog offer with the best settings that fit, ranked by cost (or
 * time), the time-cost Pareto front marked, and why each other offer is
 * left out (docs/cost.md).
 */
#include "cli/cli.h"
#include "cli/cli_hub.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const cli_option own[] = {
	{"model", CLI_VALUE, "M", "model name, size (8B, 125M) or config path"},
	{"tokens", CLI_VALUE, "N", "tokens to train on, e.g. 2e9 or 2B"},
	{"steps", CLI_VALUE, "N", "optimizer steps (tokens = steps x global "
				  "batch x seq); --image: denoising steps"},
	{"epochs", CLI_VALUE, "E", "passes over --dataset-tokens"},
	{"dataset-tokens", CLI_VALUE, "N", "tokens in the dataset, with "
					   "--epochs"},
	{"deadline", CLI_VALUE, "T", "finish within T: 36h, 2d, 90m, or "
				     "seconds"},
	{"budget", CLI_VALUE, "X", "spend at most X (300 or 300EUR)"},
	{"sort", CLI_VALUE, "K", "cost (default: the time-cost front "
				 "first) or time"},
	{"provider", CLI_VALUE, "P[,P2]", "only these providers' offers"},
	{"gpu", CLI_VALUE, "G[,G2]", "only offers of these GPUs (any alias)"},
	{"region", CLI_VALUE, "R", "only offers whose region contains R"},
	{"interruptible", CLI_VALUE, "X", "spot/interruptible offers: yes "
					  "(default, marked ~), no or only"},
	{"top", CLI_VALUE, "K", "show the best K plans (default 20)"},
	{"allow-8bit", CLI_FLAG, "", "AdamW may become 8-bit AdamW when "
				     "nothing else fits"},
	{"kept-checkpoints", CLI_VALUE, "N", "checkpoints on disk at once "
					     "(default 2)"},
	{"offers", CLI_VALUE, "PATH", "your own offers too (a YAML file or a "
				      "directory of them)"},
	{"json", CLI_FLAG, "", "print {\"plans\": [...], \"excluded\": [...]}"},
	{"csv", CLI_FLAG, "", "print the plans as CSV"},
	{"plot", CLI_VALUE, "FILE", "draw cost against time (.png or .svg; "
				    "needs gnuplot)"},
	{"serve", CLI_FLAG, "", "rank offers for serving the model instead "
				"(docs/serving.md)"},
	{"engine", CLI_VALUE, "E", "--serve: vllm (default)|sglang|llamacpp|"
				   "ollama|tgi"},
	{"engine-version", CLI_VALUE, "V", "--serve: the engine's version "
					   "(default: the latest; `vfplan "
					   "engines`)"},
	{"quant", CLI_VALUE, "Q", "--serve: this quantisation (default: the "
				  "best quality that fits)"},
	{"context", CLI_VALUE, "N", "--serve: tokens per sequence (8192)"},
	{"concurrency", CLI_VALUE, "N", "--serve: sequences at once (1)"},
	{"tokens-per-second", CLI_VALUE, "X", "--serve: at least this decode "
					      "rate in all"},
	{"emit", CLI_FLAG, "", "--serve: below the table, the engine's "
			       "command for the top row"},
	{"image", CLI_FLAG, "", "rank offers for an image pipeline by cost "
				"per 1,000 images (docs/image.md)"},
	{"resolution", CLI_VALUE, "WxH", "--image: pixels (the pipeline's)"},
	{"text-quant", CLI_VALUE, "Q", "--image: the T5 encoder's weights"},
	{"placement", CLI_VALUE, "P", "--image: auto (default)|single|split|"
				      "offload|sequential|parallel"},
	{"help", CLI_FLAG, "", "this help"},
};
enum { N_OWN = sizeof(own) / sizeof(own[0]) };

/* "36h", "2d", "90m", "45s" or plain seconds (vfp_parse_duration). */
static int read_duration(double *out, const char *text)
{
	vfp_error err;

	if (vfp_parse_duration(out, text, &err))
		return front_usage_error("--deadline must be a duration such "
					 "as 36h, 2d or 90m, not '%s'", text);
	return 0;
}

/* "300", "300EUR", "300 USD": the currency, when given, must be the
 * request's. */
static int read_budget(double *out, const char **currency, const char *text)
{
	char *end;
	double v = strtod(text, &end);

	while (*end == ' ')
		end++;
	if (end == text || !isfinite(v) || v <= 0)
		return front_usage_error("--budget must be an amount such as "
					 "300 or 300EUR, not '%s'", text);
	if (*end && *currency && strcmp(end, *currency) != 0)
		return front_usage_error("--budget is in %s but --currency is %s",
					 end, *currency);
	if (*end)
		*currency = end;
	*out = v;
	return 0;
}

static int positive(double *out, const char *name, const char *text)
{
	char *end;

	*out = strtod(text, &end);
	if (end == text || *end || !isfinite(*out) || *out <= 0 || *out > 1e18)
		return front_usage_error("--%s must be a positive number, not "
					 "'%s'", name, text);
	return 0;
}

/* 2e9, 2B, 500M ...: cli_amount's, as --tokens everywhere. */
static int amount(double *out, const char *name, const char *text)
{
	return cli_amount(out, name, text, 1e18, "2e9 or 2B");
}

/* Each factor is in range, their product need not be: the tokens that
 * --steps or --epochs make have --tokens' limit. */
static int tokens_in_range(double tokens, const char *name, const char *v)
{
	if (tokens <= 1e18)
		return 0;
	return front_usage_error("%s %s makes %.3g tokens to train on: more "
				 "than the 1e+18 limit", name, v, tokens);
}

static int read_tokens(vfp_rent_request *q, const cli_args *a)
{
	const char *t = cli_get(a, "tokens"), *s = cli_get(a, "steps");
	const char *e = cli_get(a, "epochs"), *d = cli_get(a, "dataset-tokens");
	double x, y;
	int64_t g = q->global_batch > 0 ? q->global_batch : 32;

	if (!!t + !!s + !!e != 1)
		return front_usage_error("rent needs one of --tokens N, "
					 "--steps N or --epochs E --dataset-tokens N");
	if (t)
		return amount(&q->tokens, "tokens", t);
	if (s) {
		if (amount(&x, "steps", s))
			return CLI_EXIT_USAGE;
		q->tokens = x * (double)g * (double)q->job.seq;
		return tokens_in_range(q->tokens, "--steps", s);
	}
	if (!d)
		return front_usage_error("--epochs needs --dataset-tokens N");
	if (positive(&x, "epochs", e) || amount(&y, "dataset-tokens", d))
		return CLI_EXIT_USAGE;
	q->tokens = x * y;
	return tokens_in_range(q->tokens, "--epochs", e);
}

/* --provider, --gpu, --region: checked against the catalog by vfp_rent
 * (an unknown name exits 2 with the choices). */
static int read_filters(vfp_rent_request *q, const cli_args *a)
{
	const char *v = cli_get(a, "interruptible");
	vfp_error err;

	q->providers = cli_get(a, "provider");
	q->gpus = cli_get(a, "gpu");
	q->region = cli_get(a, "region");
	if (v && vfp_interruptible_parse(&q->interruptible, v, &err))
		return front_usage_error("--%s", err.message);
	return 0;
}

static int read_request(vfp_rent_request *q, const cli_args *a, char *gpu,
			size_t len)
{
	const char *v;
	double top;
	int rc;

	memset(q, 0, sizeof(*q));
	vfp_job_init(&q->job);
	q->job.model = cli_get(a, "model");
	if (!q->job.model)
		return front_usage_error("missing --model");
	if ((rc = cli_read_job(&q->job, gpu, len, a)))
		return rc;
	if (cli_get(a, "offer") || cli_get(a, "price"))
		return front_usage_error("rent tries every offer: leave out "
					 "--offer and --price");
	q->global_batch = q->job.global_batch;
	q->search_micro_batch = !cli_get(a, "micro-batch");
	q->search_ckpt = !cli_get(a, "ckpt");
	q->allow_8bit = cli_get(a, "allow-8bit") != NULL;
	q->currency = cli_get(a, "currency");
	if ((v = cli_get(a, "sort")) && strcmp(v, "cost") && strcmp(v, "time"))
		return front_usage_error("--sort is cost or time, not '%s'", v);
	q->sort_by_time = v && strcmp(v, "time") == 0;
	if ((v = cli_get(a, "deadline")) &&
	    (rc = read_duration(&q->deadline_seconds, v)))
		return rc;
	if ((v = cli_get(a, "budget")) &&
	    (rc = read_budget(&q->budget, &q->currency, v)))
		return rc;
	if ((v = cli_get(a, "kept-checkpoints"))) {
		if (positive(&top, "kept-checkpoints", v))
			return CLI_EXIT_USAGE;
		if (top > 1000)
			return front_usage_error("--kept-checkpoints %s is too "
						 "many", v);
		q->kept_checkpoints = (int)top;
	}
	if (!q->currency)
		q->currency = "EUR";
	if ((rc = read_filters(q, a)))
		return rc;
	return read_tokens(q, a);
}

/* The time column's one unit, from its longest row: minutes, hours
 * (under 4 days) or days. */
static double time_unit(const vfp_rent_result *r, size_t n, const char **name)
{
	double longest = 0;

	for (size_t i = 0; i < n; i++)
		if (r->plans[i].plan.cost.billed_minutes * 60 > longest)
			longest = r->plans[i].plan.cost.billed_minutes * 60;
	*name = longest < 3600 ? "min" : longest < 4 * 86400 ? "h" : "d";
	return longest < 3600 ? 60 : longest < 4 * 86400 ? 3600 : 86400;
}

static const char *hours_text(char *buf, size_t len, double s, double unit,
			      const char *name)
{
	/* two decimals under one unit: "0.12 d" and "0.06 d" differ */
	snprintf(buf, len, unit == 60 ? "%.0f %s" : s < unit ? "%.2f %s"
							     : "%.1f %s",
		 s / unit, name);
	return buf;
}

/* The table's first line: what it holds and in which order. */
static void print_heading(const vfp_rent_result *r,
			  const vfp_rent_request *q)
{
	printf("%zu offer%s can run it (%zu left out", r->n_plans,
	       r->n_plans == 1 ? "" : "s", r->n_excluded);
	if (r->n_filtered)
		printf(", %zu not asked for", r->n_filtered);
	if (q->sort_by_time)
		printf("); fastest first");
	else if (q->deadline_seconds > 0)
		printf("); cheapest first");
	else
		printf("); the time-cost front first, cheapest first");
	printf(", * = on the time-cost front\n\n");
}

/* The line before each group after the front (rent_order.c). */
static void print_group(int group)
{
	if (group == VFP_RENT_AFTER_FRONT)
		printf("  -- after the front: off it, or one costing at most "
		       "%.0f %% more is %.0fx as fast --\n",
		       (VFP_RENT_SLOW_COST - 1) * 100, VFP_RENT_SLOW_TIME);
	else
		printf("  -- longer than %.0f days: `--deadline %.0fd` leaves "
		       "these out --\n", VFP_RENT_HORIZON_S / 86400,
		       VFP_RENT_HORIZON_S / 86400);
}

/* What the marks and the order mean, under the table. */
static void print_legend(const vfp_rent_result *r, size_t n)
{
	int spot = 0;

	for (size_t i = 0; i < n; i++)
		spot |= r->plans[i].offer->interruptible;
	if (spot)
		printf("\n~ = interruptible (spot, bid): the provider may stop "
		       "it; --interruptible no leaves them out.\n");
	if (r->hint[0])
		printf("\nHint: %s.\n", r->hint);
}

static void print_text(const vfp_rent_result *r, size_t top,
		       const vfp_rent_request *q)
{
	size_t n = top < r->n_plans ? top : r->n_plans;
	const char *tname;
	double tunit = time_unit(r, n, &tname);
	char t[32];

	int w = 28; /* the id column: as wide as its longest */

	for (size_t i = 0; i < n; i++)
		if ((int)strlen(r->plans[i].offer->id) > w)
			w = (int)strlen(r->plans[i].offer->id);
	print_heading(r, q);
	printf("    %-*s %-13s %10s %12s  %s\n", w, "offer", "GPUs", "time",
	       "total", "settings");
	for (size_t i = 0; i < n; i++) {
		const vfp_rent_plan *p = &r->plans[i];
		char gpus[32];
		if (p->slow && (i == 0 || r->plans[i - 1].slow != p->slow))
			print_group(p->slow);
		snprintf(gpus, sizeof(gpus), "%dx%s", p->offer->count,
			 p->offer->gpu->name);
		printf("%c%2zu %c%-*s %-13s %10s %8.2f %s  %s\n",
		       p->pareto ? '*' : ' ', i + 1,
		       p->offer->interruptible ? '~' : ' ', w, p->offer->id,
		       gpus,
		       hours_text(t, sizeof(t), p->plan.cost.billed_minutes * 60,
				  tunit, tname),
		       p->plan.cost.total, p->plan.cost.currency, p->why);
	}
	print_legend(r, n);
	for (size_t i = 0; i < r->n_plans; i++)
		if (r->plans[i].plan.cost.rate_date) {
			const vfp_cost *c = &r->plans[i].plan.cost;
			printf("\nPrices in other currencies converted at the "
			       "dated rates 'vfplan currencies' lists (e.g. "
			       "%s to %s at %.4g, %s).\n", c->price_currency,
			       c->currency, c->rate, c->rate_date);
			break;
		}
	if (r->n_excluded)
		printf("\nLeft out:\n");
	for (size_t i = 0; i < r->n_excluded; i++)
		printf("  %-28s %s\n", r->excluded[i].offer->id,
		       r->excluded[i].reason);
}

static void print_csv(const vfp_rent_result *r, size_t top)
{
	size_t n = top < r->n_plans ? top : r->n_plans;

	printf("rank,offer,provider,gpu,count,strategy,offload,micro_batch,"
	       "grad_accum,ckpt,optimizer,peak_gb,peak_high_gb,usable_gb,"
	       "headroom_gb,borderline,train_hours,billed_minutes,total,"
	       "currency,pareto,interruptible,rank_group\n");
	for (size_t i = 0; i < n; i++) {
		const vfp_rent_plan *p = &r->plans[i];
		const vfp_job *j = &p->plan.job;
		printf("%zu,%s,\"%s\",%s,%d,%s,%s,%d,%d,%s,%s,%.3f,%.3f,%.3f,"
		       "%.3f,%d,%.3f,%.0f,%.4f,%s,%d,%d,%s\n", i + 1,
		       p->offer->id,
		       p->offer->provider,
		       p->offer->gpu->name, p->offer->count,
		       vfp_strategy_name(j->strategy),
		       vfp_enum_name(VFP_ENUM_OFFLOAD, (int)j->offload),
		       j->micro_batch, j->grad_accum,
		       vfp_enum_name(VFP_ENUM_CKPT, (int)j->ckpt),
		       vfp_optimizer_name(j->optimizer),
		       p->plan.total_bytes / 1e9,
		       p->plan.total_bytes_high / 1e9,
		       p->plan.usable_vram_bytes / 1e9,
		       (p->plan.usable_vram_bytes - p->plan.total_bytes_high) /
			       1e9,
		       p->plan.borderline,
		       p->plan.time.train_seconds / 3600,
		       p->plan.cost.billed_minutes, p->plan.cost.total,
		       p->plan.cost.currency, p->pareto,
		       p->offer->interruptible, vfp_rent_group_name(p->slow));
	}
}

static int report(const vfp_rent_result *r, const cli_args *a,
		  const vfp_rent_request *q, size_t top)
{
	vfp_error err;
	char *json;

	if (cli_get(a, "json")) {
		if (vfp_rent_to_json(&json, r, top, 0, &err))
			return front_fail(&err);
		printf("%s\n", json);
		vfp_free(json);
	} else if (cli_get(a, "csv")) {
		print_csv(r, top);
	} else {
		print_text(r, top, q);
	}
	if (r->n_plans == 0 && !cli_get(a, "json") && !cli_get(a, "csv"))
		fprintf(stderr, "vfplan: no offer meets the constraints\n");
	return r->n_plans ? CLI_EXIT_OK : CLI_EXIT_NOFIT;
}

static int serve_request(vfp_serve_request *q, const cli_args *a)
{
	const char *v;
	vfp_error err;
	long long n;
	int rc;

	memset(q, 0, sizeof(*q));
	vfp_infer_job_init(&q->job);
	q->job.model = cli_get(a, "model");
	q->job.currency = cli_get(a, "currency") ? cli_get(a, "currency")
						 : "EUR";
	if (!q->job.model)
		return front_usage_error("missing --model");
	if ((v = cli_get(a, "engine")) &&
	    vfp_engine_parse(&q->job.engine, v, &err))
		return front_fail(&err);
	q->job.engine_version = cli_get(a, "engine-version");
	if ((v = cli_get(a, "quant"))) {
		if (vfp_quant_parse(&q->job.quant, v, &err))
			return front_fail(&err);
		q->quant_given = 1;
	}
	if ((v = cli_get(a, "context"))) {
		if ((rc = cli_integer(&n, "context", v, 1, 1 << 24)))
			return rc;
		q->job.context = n;
	}
	if ((v = cli_get(a, "concurrency"))) {
		if ((rc = cli_integer(&n, "concurrency", v, 1, 65536)))
			return rc;
		q->job.concurrency = (int)n;
	}
	if ((v = cli_get(a, "tokens-per-second")) &&
	    positive(&q->min_tokens_per_second, "tokens-per-second", v))
		return CLI_EXIT_USAGE;
	if ((v = cli_get(a, "sort")) && strcmp(v, "price") &&
	    strcmp(v, "token-cost"))
		return front_usage_error("with --serve, --sort is price or "
					 "token-cost, not '%s'", v);
	q->sort_by_token_cost = v && strcmp(v, "token-cost") == 0;
	/* the offers kept, checked against the catalog by vfp_rent_serve */
	q->providers = cli_get(a, "provider");
	q->gpus = cli_get(a, "gpu");
	q->region = cli_get(a, "region");
	if ((v = cli_get(a, "interruptible")) &&
	    vfp_interruptible_parse(&q->interruptible, v, &err))
		return front_usage_error("--%s", err.message);
	return 0;
}

static void print_serve(const vfp_serve_result *r, size_t top)
{
	size_t n = top < r->n_plans ? top : r->n_plans;
	int spot = 0;

	printf("%zu offers can serve it (%zu left out)\n\n    %-28s %-13s "
	       "%10s %12s  %s\n", r->n_plans, r->n_excluded, "offer", "GPUs",
	       "price/h", "per M tok", "quantisation");
	for (size_t i = 0; i < n; i++) {
		const vfp_serve_plan *p = &r->plans[i];
		char gpus[32];
		snprintf(gpus, sizeof(gpus), "%dx%s", p->offer->count,
			 p->offer->gpu->name);
		spot |= p->offer->interruptible;
		printf("%3zu %c%-28s %-13s %6.2f %s %8.3f %s  %s\n", i + 1,
		       p->offer->interruptible ? '~' : ' ', p->offer->id, gpus,
		       p->plan.cost.price_per_hour, p->plan.cost.currency,
		       p->plan.cost.per_million_tokens, p->plan.cost.currency,
		       p->why);
	}
	if (spot)
		printf("\n~ = interruptible (spot, bid): the provider may stop "
		       "it; --interruptible no leaves them out.\n");
	if (r->n_excluded)
		printf("\nLeft out:\n");
	for (size_t i = 0; i < r->n_excluded; i++)
		printf("  %-28s %s\n", r->excluded[i].offer->id,
		       r->excluded[i].reason);
}

/* --emit: the top row's command, unindented so that it pastes (each
 * row's is its JSON "command"; `vfplan infer --offer ID --emit` another's). */
static int print_top_command(const vfp_serve_plan *p)
{
	char cmd[VFP_INFER_COMMAND_MAX];
	vfp_error err;

	if (vfp_infer_command(cmd, sizeof(cmd), &p->plan, &err))
		return front_fail(&err);
	printf("\nCommand for %s (row 1):\n%s", p->offer->id, cmd);
	return 0;
}

static int serve(const cli_args *a, size_t top)
{
	vfp_serve_request q;
	vfp_serve_result r;
	vfp_db *db = NULL;
	vfp_error err;
	char *json;
	int rc;

	if ((rc = serve_request(&q, a)) ||
	    (rc = front_open_db_with(&db, cli_get(a, "data"),
				     cli_get(a, "offers"))))
		return rc;
	if ((rc = cli_hub_model(&q.job.model, db, a))) {
		vfp_db_free(db);
		return rc;
	}
	if (vfp_rent_serve(&r, db, &q, &err)) {
		vfp_db_free(db);
		return front_fail(&err);
	}
	if (cli_get(a, "json")) {
		rc = vfp_serve_to_json(&json, &r, top, &err) ? front_fail(&err)
							    : 0;
		if (rc == 0) {
			puts(json);
			vfp_free(json);
		}
	} else {
		print_serve(&r, top);
		if (cli_get(a, "emit") && r.n_plans > 0)
			rc = print_top_command(&r.plans[0]);
	}
	if (rc == 0 && r.n_plans == 0) {
		if (!cli_get(a, "json")) /* the table says why, offer by offer */
			fprintf(stderr, "vfplan: no offer meets the "
				"constraints\n");
		rc = CLI_EXIT_NOFIT;
	}
	vfp_serve_free(&r);
	vfp_db_free(db);
	return rc;
}

static int image_request(vfp_image_job *j, const cli_args *a)
{
	const char *v;
	vfp_error err;
	long long n;
	int rc;

	vfp_image_job_init(j);
	j->pipeline = cli_get(a, "model");
	j->currency = cli_get(a, "currency") ? cli_get(a, "currency") : "EUR";
	if (!j->pipeline)
		return front_usage_error("missing --model (a pipeline: "
					 "flux.1-dev, sdxl ...)");
	if ((v = cli_get(a, "resolution")) &&
	    vfp_parse_resolution(&j->width, &j->height, v, NULL))
		return front_usage_error("--resolution is WxH in pixels, not "
					 "'%s'", v);
	if ((v = cli_get(a, "steps"))) {
		if ((rc = cli_integer(&n, "steps", v, 1, 10000)))
			return rc;
		j->steps = n;
	}
	if ((v = cli_get(a, "lora"))) {
		if (*v && (rc = cli_integer(&n, "lora", v, 1, 4096)))
			return rc;
		j->lora_rank = *v ? (int)n : 16;
	}
	if ((v = cli_get(a, "quant")) &&
	    vfp_image_quant_parse(&j->quant, v, &err))
		return front_fail(&err);
	if ((v = cli_get(a, "text-quant")) &&
	    vfp_image_quant_parse(&j->text_quant, v, &err))
		return front_fail(&err);
	if ((v = cli_get(a, "placement")) &&
	    vfp_image_placement_parse(&j->placement, v, &err))
		return front_fail(&err);
	return 0;
}

static void print_image(const vfp_image_rent_result *r, size_t top)
{
	size_t n = top < r->n_plans ? top : r->n_plans;

	printf("%zu offers can run it (%zu left out)\n\n   %-28s %-13s "
	       "%10s %10s %11s  %s\n", r->n_plans, r->n_excluded, "offer",
	       "GPUs", "price/h", "images/h", "per 1,000", "placement");
	for (size_t i = 0; i < n; i++) {
		const vfp_image_rent_plan *p = &r->plans[i];
		const vfp_image_result *q = &p->plan;
		char gpus[32];
		snprintf(gpus, sizeof(gpus), "%dx%s", p->offer->count,
			 p->offer->gpu->name);
		printf("%3zu %-28s %-13s %6.2f %s %10.0f %7.3f %s  %s\n",
		       i + 1, p->offer->id, gpus, q->cost.price_per_hour,
		       q->cost.currency, q->job.lora_rank > 0
				 ? q->train_images_per_second * 3600
				 : q->images_per_hour,
		       q->cost_per_1000_images, q->cost.currency,
		       vfp_image_placement_name(q->placement));
	}
	if (r->n_excluded)
		printf("\nLeft out:\n");
	for (size_t i = 0; i < r->n_excluded; i++)
		printf("  %-28s %s\n", r->excluded[i].offer->id,
		       r->excluded[i].reason);
}

static int rent_image(const cli_args *a, size_t top)
{
	vfp_image_rent_result r;
	vfp_image_job j;
	vfp_db *db = NULL;
	vfp_error err;
	char *json;
	int rc;

	if ((rc = image_request(&j, a)) ||
	    (rc = front_open_db_with(&db, cli_get(a, "data"),
				     cli_get(a, "offers"))))
		return rc;
	if (vfp_rent_image(&r, db, &j, &err)) {
		vfp_db_free(db);
		return front_fail(&err);
	}
	if (cli_get(a, "json")) {
		rc = vfp_image_rent_to_json(&json, &r, top, &err)
			     ? front_fail(&err) : 0;
		if (rc == 0) {
			puts(json);
			vfp_free(json);
		}
	} else {
		print_image(&r, top);
	}
	if (rc == 0 && r.n_plans == 0) {
		if (!cli_get(a, "json"))
			fprintf(stderr, "vfplan: no offer runs it\n");
		rc = CLI_EXIT_NOFIT;
	}
	vfp_image_rent_free(&r);
	vfp_db_free(db);
	return rc;
}

static int rent(const cli_args *a)
{
	char gpu[96] = "";
	vfp_rent_request q;
	vfp_rent_result r;
	vfp_db *db = NULL;
	vfp_error err;
	double top = 20;
	int rc;

	if (cli_get(a, "top") && positive(&top, "top", cli_get(a, "top")))
		return CLI_EXIT_USAGE;
	if (cli_get(a, "emit") && !cli_get(a, "serve"))
		return front_usage_error("--emit prints a serving engine's "
					 "command: with --serve");
	if (cli_get(a, "serve") && cli_get(a, "image"))
		return front_usage_error("--serve or --image, not both");
	if (cli_get(a, "image") &&
	    (cli_get(a, "provider") || cli_get(a, "gpu") ||
	     cli_get(a, "region") || cli_get(a, "interruptible")))
		return front_usage_error("--provider, --gpu, --region and "
					 "--interruptible narrow training and "
					 "serving rankings; with --image, "
					 "`vfplan offers --filter` lists the "
					 "offers they keep");
	if (cli_get(a, "serve"))
		return serve(a, (size_t)top);
	if (cli_get(a, "image"))
		return rent_image(a, (size_t)top);
	if ((rc = read_request(&q, a, gpu, sizeof(gpu))))
		return rc;
	if ((rc = plot_check(cli_get(a, "plot"))) ||
	    (rc = front_open_db_with(&db, cli_get(a, "data"),
				     cli_get(a, "offers"))))
		return rc;
	if ((rc = cli_hub_model(&q.job.model, db, a))) {
		vfp_db_free(db);
		return rc;
	}
	if (vfp_rent(&r, db, &q, &err)) {
		vfp_db_free(db);
		return front_fail(&err);
	}
	rc = report(&r, a, &q, (size_t)top);
	if (cli_get(a, "plot") && r.n_plans &&
	    plot_rent(cli_get(a, "plot"), &r))
		rc = CLI_EXIT_USAGE;
	vfp_rent_free(&r);
	vfp_db_free(db);
	return rc;
}

int cmd_rent(int argc, char **argv)
{
	cli_option table[CLI_MAX_OPTIONS];
	size_t n = cli_join_options(table, own, N_OWN);
	cli_args a;
	int rc = cli_parse(&a, table, n, argc, argv, "rent");

	if (rc)
		return rc;
	if (cli_get(&a, "help")) {
		cli_print_help(stdout, "vfplan rent --model M (--tokens N | "
			       "--steps N | --epochs E --dataset-tokens N) "
			       "[training options] [--deadline 36h] [--budget "
			       "300EUR] [--sort cost|time] [--provider P] "
			       "[--gpu G] [--region R] [--interruptible "
			       "yes|no|only] [--top K] [--json|--csv]",
			       "Plans the job on every offer of the catalog "
			       "with the best settings that fit\n(strategy, "
			       "micro-batch, checkpointing, offload), applies "
			       "the renting rules\n(host RAM, CPU cores, disk, "
			       "rental length, deadline, budget) and ranks\n"
			       "the offers left; * marks the time-cost Pareto "
			       "front, ~ interruptible\n(spot) offers. Without "
			       "--deadline the front comes first and rentals "
			       "over two\nweeks last (docs/rent.md). Exit 3: "
			       "no offer fits.", table, n);
		return CLI_EXIT_OK;
	}
	return rent(&a);
}
