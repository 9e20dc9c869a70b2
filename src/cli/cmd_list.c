/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cmd_list.c - `vfplan models`, `vfplan gpus` and `vfplan offers`: the
 * database as tables, or as JSON arrays with --json.
 */
#include "cli/cli.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

static const cli_option options[] = {
	{"data", 1, "DIR", "load DIR/models and DIR/hwdb instead of the "
			   "embedded data"},
	{"filter", 1, "EXPR", "offers only: conditions, comma-separated, on "
			      "gpu, provider, count, price, gpu_price, "
			      "currency, ram, disk, cpu, link, kind, e.g. "
			      "\"gpu=H100,count>=4,price<=20\""},
	{"offers", 1, "PATH", "offers only: your own offers too (a YAML file "
			      "or a directory)"},
	{"json", 0, "", "print a JSON array"},
	{"csv", 0, "", "print it as CSV: the --json figures, one row each"},
	{"yaml", 1, "CONFIG", "models only: a config.json (or model file) as "
			      "a models/ YAML entry, to keep in --data DIR"},
	{"families", 0, "", "models only: every config.json model_type "
			    "vfplan reads with its own table (others are "
			    "read by the generic reader, as an estimate)"},
	{"engine", 1, "NAME", "engines only: each rule of NAME's versions "
			      "(budget, defaults, sampler, non-torch, graphs) "
			      "with its source"},
	{"help", 0, "", "this help"},
};
enum { N_OPTIONS = sizeof(options) / sizeof(options[0]) };

/* A source's first clause, the document it names: up to the first
 * " (", "; ", ": " or ", ", at most `width` characters. */
static void short_source(char *out, size_t size, const char *source,
			 int width)
{
	static const char *const stops[] = {" (", "; ", ": ", ", "};
	size_t n = source ? strlen(source) : 0;

	for (size_t i = 0; i < sizeof(stops) / sizeof(stops[0]); i++) {
		const char *at = source ? strstr(source, stops[i]) : NULL;
		if (at && (size_t)(at - source) < n)
			n = (size_t)(at - source);
	}
	if (n > (size_t)width)
		snprintf(out, size, "%.*s...", width - 3, source);
	else
		snprintf(out, size, "%.*s", (int)n, source ? source : "");
}

static void year(char *out, size_t size, int released)
{
	if (released > 0)
		snprintf(out, size, "%d", released);
	else
		snprintf(out, size, "-");
}

/* Families together, each in the order of its size. */
static int by_family(const void *a, const void *b)
{
	const vfp_model *x = *(const vfp_model *const *)a;
	const vfp_model *y = *(const vfp_model *const *)b;
	int c = strcmp(x->family, y->family);

	if (c)
		return c;
	return (x->params > y->params) - (x->params < y->params);
}

static void print_models(const vfp_db *db)
{
	size_t n = vfp_db_model_count(db);
	const vfp_model **all = calloc(n ? n : 1, sizeof(*all));

	if (!all)
		return;
	for (size_t i = 0; i < n; i++)
		all[i] = vfp_db_model_at(db, i);
	qsort(all, n, sizeof(*all), by_family);
	printf("%-22s %-12s %10s %10s %6s %6s %9s %8s %4s  %s\n", "name",
	       "family", "params(B)", "active(B)", "layers", "hidden",
	       "heads/kv", "context", "year", "source");
	for (size_t i = 0; i < n; i++) {
		const vfp_model *m = all[i];
		char heads[24], yr[16], src[48];
		if (i && strcmp(m->family, all[i - 1]->family))
			putchar('\n');
		snprintf(heads, sizeof(heads), "%lld/%lld",
			 (long long)m->heads, (long long)m->kv_heads);
		year(yr, sizeof(yr), m->released);
		short_source(src, sizeof(src), m->source, 40);
		printf("%-22s %-12s %10.3f %10.3f %6lld %6lld %9s %8lld %4s  "
		       "%s\n", m->name, m->family, m->params / 1e9,
		       m->active_params / 1e9, (long long)m->layers,
		       (long long)m->hidden, heads,
		       (long long)m->max_context, yr, src);
	}
	free(all);
	puts("\nAlso: any size (125M, 1.5B, 8B, 70B ...) and any config.json, "
	     "checkpoint directory,\nparams.json, GGUF or model .yaml path. "
	     "--json gives every source whole.");
}

/* Makers together, each architecture newest first. */
static int arch_rank(const char *arch)
{
	static const char *const order[] = {"blackwell", "hopper", "ada",
					    "ampere", "turing", "volta",
					    "pascal", "cdna4", "cdna3", "cdna2"};

	for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); i++)
		if (strcmp(arch, order[i]) == 0)
			return (int)i;
	return 99;
}

static int by_arch(const void *a, const void *b)
{
	const vfp_gpu *x = *(const vfp_gpu *const *)a;
	const vfp_gpu *y = *(const vfp_gpu *const *)b;
	int c = arch_rank(x->arch) - arch_rank(y->arch);

	if (c)
		return c;
	c = y->released - x->released;
	return c ? c : strcmp(x->name, y->name);
}

static void print_gpus(const vfp_db *db)
{
	size_t n = vfp_db_gpu_count(db);
	const vfp_gpu **all = calloc(n ? n : 1, sizeof(*all));
	int w = 13;

	if (!all)
		return;
	for (size_t i = 0; i < n; i++)
		all[i] = vfp_db_gpu_at(db, i);
	qsort(all, n, sizeof(*all), by_arch);
	for (size_t i = 0; i < n; i++) /* the longest name sets the column */
		w = strlen(all[i]->name) > (size_t)w ? (int)strlen(all[i]->name)
						     : w;
	printf("%-*s %-10s %-18s %9s %9s %10s %6s %-22s %4s  %s\n", w, "name",
	       "arch", "memory", "GiB", "mem GB/s", "bf16 TF/s", "TDP W",
	       "default link", "year", "source");
	for (size_t i = 0; i < n; i++) {
		const vfp_gpu *g = all[i];
		char yr[16], src[48];
		if (i && strcmp(g->arch, all[i - 1]->arch))
			putchar('\n');
		year(yr, sizeof(yr), g->released);
		short_source(src, sizeof(src), g->source, 40);
		printf("%-*s %-10s %-18.18s %9.2f %9.0f %10.1f %6.0f %-22s "
		       "%4s  %s\n", w, g->name, g->arch, g->memory_label,
		       (double)g->vram_bytes / 1073741824.0,
		       g->mem_bw_bytes_per_s / 1e9, g->bf16_flops / 1e12,
		       g->tdp_w, g->default_link, yr, src);
	}
	free(all);
	puts("\n--json gives every figure's source whole.");
}

static void print_offers(const vfp_db *db, const offer_filter *f)
{
	size_t shown = 0;

	printf("%-28s %-10s %-16s %10s %-4s %8s %-6s %-10s\n", "id", "provider",
	       "machine", "price/h", "cur", "billing", "kind", "date");
	for (size_t i = 0; i < vfp_db_offer_count(db); i++) {
		const vfp_offer *o = vfp_db_offer_at(db, i);
		char machine[40], billing[16];
		if (!offer_filter_match(f, o, db))
			continue;
		shown++;
		snprintf(machine, sizeof(machine), "%dx%s", o->count,
			 o->gpu->name);
		snprintf(billing, sizeof(billing), "%ds",
			 o->billing_granularity_s);
		printf("%-28s %-10s %-16s %10.2f %-4s %8s %-6s %-10s\n", o->id,
		       o->provider, machine, o->price_per_hour, o->currency,
		       billing, o->price_kind, o->date);
	}
	printf("\n%zu of %zu offers. Prices are samples seen on the dates "
	       "shown, not quotes.\n", shown, vfp_db_offer_count(db));
}

/* Each profile and what it sets: a key's value and the file and commit
 * of the framework's source it was read from. */
static void print_frameworks(const vfp_db *db)
{
	for (size_t i = 0; i < vfp_db_framework_count(db); i++) {
		const vfp_framework *f = vfp_db_framework_at(db, i);
		printf("%s%s: %s\n  %s\n", i ? "\n" : "", f->name, f->title,
		       f->source);
		for (size_t k = 0; k < f->n_settings; k++) {
			const vfp_framework_setting *s =
				vfp_db_framework_setting_at(
					db, f->first_setting + k);
			char range[48] = "";
			if (s->since || s->until)
				snprintf(range, sizeof(range), " [%s..%s)",
					 s->since ? s->since : "",
					 s->until ? s->until : "");
			printf("  %-18s %-10s %s %s@%.10s%s\n", s->key,
			       s->value, s->repo, s->file, s->commit, range);
		}
	}
	puts("\nA plan takes these defaults for what its job leaves unset "
	     "(--framework NAME;\npytorch when none is named); --explain "
	     "shows what each source line says.\n[A..B): the versions a "
	     "row holds for (A <= v < B); --framework NAME@VERSION pins\n"
	     "one, the rows without an end otherwise.");
}

/* Each engine's versions: the range, the rules' kind, the commit read. */
static void print_engines(const vfp_db *db)
{
	printf("%-9s %-7s %-9s %-9s %-7s %-7s %-12s %s\n", "engine", "version",
	       "first", "last", "latest", "budget", "commit", "repository");
	for (size_t i = 0; i < vfp_db_engine_version_count(db); i++) {
		const vfp_engine_version *e = vfp_db_engine_version_at(db, i);
		static const char *const kinds[] = {"buffers", "v0", "v1",
						    "static", "reserve", "classic",
						    "layout"};
		printf("%-9s %-7s %-9s %-9s %-7s %-7s %-12.12s %s\n", e->engine,
		       e->version, e->first, e->last, e->latest ? "yes" : "",
		       (unsigned)e->profile < 7 ? kinds[e->profile] : "?",
		       e->commit, e->repo);
	}
	puts("\nvfplan engines --engine E (vllm, sglang, llamacpp, ollama): "
	     "each rule with its source. "
	     "--engine-version V\npicks the record whose range holds V; "
	     "--json gives every figure and its\nsource (hwdb/engines/, "
	     "docs/serving.md). TGI has no record: vfplan's own reserves.");
}

static int print_engine_rules(const vfp_db *db, const char *engine)
{
	int n = 0;

	for (size_t i = 0; i < vfp_db_engine_version_count(db); i++) {
		const vfp_engine_version *e = vfp_db_engine_version_at(db, i);
		if (strcmp(e->engine, engine))
			continue;
		printf("%s", n++ ? "\n" : "");
		cli_print_engine_rules(e);
	}
	if (!n)
		return front_usage_error("--engine %s: no records (vfplan "
					 "engines lists them)", engine);
	return CLI_EXIT_OK;
}

/* The image and video pipelines: their parts and the card's defaults,
 * the name columns as wide as their longest entry. */
static void print_pipelines(const vfp_db *db)
{
	int wn = (int)strlen("pipeline"), wd = (int)strlen("denoiser");

	for (size_t i = 0; i < vfp_db_pipeline_count(db); i++) {
		const vfp_pipeline *p = vfp_db_pipeline_at(db, i);

		if ((int)strlen(p->name) > wn)
			wn = (int)strlen(p->name);
		if ((int)strlen(p->denoiser->name) > wd)
			wd = (int)strlen(p->denoiser->name);
	}
	printf("%-*s %-5s %-*s %-3s %5s  %-9s  %s\n", wn, "pipeline", "kind",
	       wd, "denoiser", "CFG", "steps", "size", "text encoders");
	for (size_t i = 0; i < vfp_db_pipeline_count(db); i++) {
		const vfp_pipeline *p = vfp_db_pipeline_at(db, i);
		const char *sep = "";
		char size[24];

		snprintf(size, sizeof(size), "%lldx%lld", (long long)p->width,
			 (long long)p->height);
		printf("%-*s %-5s %-*s %-3s %5lld  %-9s  ", wn, p->name, p->kind,
		       wd, p->denoiser->name, p->cfg ? "yes" : "no",
		       (long long)p->steps, size);
		for (int k = 0; k < VFP_IMAGE_TEXT_ENCODERS; k++)
			if (p->text_encoder[k]) {
				printf("%s%s", sep, p->text_encoder[k]->name);
				sep = ", ";
			}
		printf("\n");
	}
	puts("\n`vfplan image --model P --gpus NxGPU` plans one; --json gives "
	     "every figure and its source\n(models/image-pipelines.yaml, "
	     "docs/image.md).");
}

/* GPU-to-GPU links and networks: their rate per GPU and direction. */
static void print_links(const vfp_db *db)
{
	printf("%-18s %-14s %-5s %10s  %s\n", "name", "kind", "topo",
	       "GB/s", "source");
	for (size_t i = 0; i < vfp_db_link_count(db); i++) {
		const vfp_link *l = vfp_db_link_at(db, i);
		char src[64];
		short_source(src, sizeof(src), l->source, 56);
		printf("%-18s %-14s %-5s %10.1f  %s\n", l->name, l->kind,
		       l->topo_code ? l->topo_code : "-",
		       l->bw_bytes_per_s / 1e9, src);
	}
	puts("\nGB/s: nominal, per GPU and direction; calibration replaces "
	     "it with what was measured.");
}

static void print_networks(const vfp_db *db)
{
	printf("%-14s %-12s %10s  %s\n", "name", "kind", "GB/s", "source");
	for (size_t i = 0; i < vfp_db_network_count(db); i++) {
		const vfp_network *n = vfp_db_network_at(db, i);
		char src[64];
		short_source(src, sizeof(src), n->source, 56);
		printf("%-14s %-12s %10.1f  %s\n", n->name, n->kind,
		       n->bw_bytes_per_s / 1e9, src);
	}
	puts("\nGB/s: per NIC and direction (--network NAME, or "
	     "NxNAME for several NICs per node).");
}

static void print_currencies(const vfp_db *db)
{
	printf("%-6s %12s  %-10s  %s\n", "code", "per EUR", "date", "source");
	for (size_t i = 0; i < vfp_db_currency_count(db); i++) {
		const char *code, *date, *source;
		double per;
		char src[64];
		if (vfp_db_currency_at(db, i, &code, &per, &date, &source))
			continue;
		short_source(src, sizeof(src), source, 48);
		printf("%-6s %12.4f  %-10s  %s\n", code, per, date, src);
	}
}

/* `vfplan models --yaml CONFIG`: what a user keeps as a model file. */
static int print_model_yaml(const char *path)
{
	vfp_model m;
	vfp_error err;
	char *yaml = NULL;

	if (vfp_model_load_file(&m, path, &err) ||
	    vfp_model_yaml(&yaml, &m, &err))
		return front_fail(&err);
	fputs(yaml, stdout);
	vfp_free(yaml);
	return CLI_EXIT_OK;
}

/* `vfplan models --families`: the whole list, never cut (a refusal of a
 * config names this command instead of listing them). */
static int print_families(const cli_args *a)
{
	const char *name;
	size_t i;

	if (cli_structured(a)) {
		json_t *arr = json_array();
		char *text;
		for (i = 0; (name = vfp_hf_family(i)) != NULL; i++)
			json_array_append_new(arr, json_string(name));
		text = json_dumps(arr, JSON_INDENT(2));
		json_decref(arr);
		if (!text)
			return front_usage_error("out of memory");
		cli_print_answer(a, text);
		free(text);
		return CLI_EXIT_OK;
	}
	for (i = 0; (name = vfp_hf_family(i)) != NULL; i++)
		printf("%-20s%s", name, i % 4 == 3 ? "\n" : "");
	printf("%s\n%zu config.json families, each read by its own table "
	       "(docs/memory.md,\n\"How vfplan reads a model\"). Any other "
	       "model_type with the usual keys\n(hidden_size, "
	       "num_hidden_layers, ...) is read by the generic reader, as\n"
	       "an estimate that says so.\n", i % 4 ? "\n" : "", i);
	return CLI_EXIT_OK;
}

static int list(int argc, char **argv, const char *name, vfp_list_kind kind)
{
	offer_filter f;
	cli_args a;
	vfp_db *db = NULL;
	vfp_error err;
	char *json = NULL;
	int rc = cli_parse(&a, options, N_OPTIONS, argc, argv, name);

	if (rc)
		return rc;
	if (cli_get(&a, "help")) {
		char usage[64];
		snprintf(usage, sizeof(usage), "vfplan %s [--json|--csv]",
			 name);
		cli_print_help(stdout, usage, "Lists the database's records.",
			       options, N_OPTIONS);
		return CLI_EXIT_OK;
	}
	if (kind != VFP_LIST_OFFERS &&
	    (cli_get(&a, "filter") || cli_get(&a, "offers")))
		return front_usage_error("--filter and --offers are for "
					 "'vfplan offers'");
	if (kind != VFP_LIST_ENGINES && cli_get(&a, "engine"))
		return front_usage_error("--engine is for 'vfplan engines'");
	if (cli_get(&a, "families"))
		return kind == VFP_LIST_MODELS
			       ? print_families(&a)
			       : front_usage_error("--families is for 'vfplan "
						   "models'");
	if (cli_get(&a, "yaml"))
		return kind == VFP_LIST_MODELS
			       ? print_model_yaml(cli_get(&a, "yaml"))
			       : front_usage_error("--yaml is for 'vfplan "
						   "models'");
	if (offer_filter_parse(&f, cli_get(&a, "filter")))
		return front_usage_error("%s", f.error);
	if ((rc = front_open_db_with(&db, cli_get(&a, "data"),
				     cli_get(&a, "offers"))))
		return rc;
	if (offer_filter_check(&f, db)) {
		vfp_db_free(db);
		return front_usage_error("%s", f.error);
	}
	if (cli_structured(&a) && kind == VFP_LIST_OFFERS) {
		rc = offer_filter_json(&json, db, &f) ? front_usage_error("out "
								       "of memory") : 0;
		if (json)
			cli_print_answer(&a, json);
		free(json);
	} else if (cli_structured(&a)) {
		rc = vfp_db_list_json(&json, db, kind, &err) ? front_fail(&err)
							     : 0;
		if (json)
			cli_print_answer(&a, json);
		vfp_free(json);
	} else if (kind == VFP_LIST_MODELS) {
		print_models(db);
	} else if (kind == VFP_LIST_GPUS) {
		print_gpus(db);
	} else if (kind == VFP_LIST_FRAMEWORKS) {
		print_frameworks(db);
	} else if (kind == VFP_LIST_ENGINES && cli_get(&a, "engine")) {
		rc = print_engine_rules(db, cli_get(&a, "engine"));
	} else if (kind == VFP_LIST_ENGINES) {
		print_engines(db);
	} else if (kind == VFP_LIST_LINKS) {
		print_links(db);
	} else if (kind == VFP_LIST_NETWORKS) {
		print_networks(db);
	} else if (kind == VFP_LIST_CURRENCIES) {
		print_currencies(db);
	} else if (kind == VFP_LIST_PIPELINES) {
		print_pipelines(db);
	} else {
		print_offers(db, &f);
	}
	vfp_db_free(db);
	return rc;
}

int cmd_pipelines(int argc, char **argv)
{
	return list(argc, argv, "pipelines", VFP_LIST_PIPELINES);
}

int cmd_models(int argc, char **argv)
{
	return list(argc, argv, "models", VFP_LIST_MODELS);
}

int cmd_gpus(int argc, char **argv)
{
	return list(argc, argv, "gpus", VFP_LIST_GPUS);
}

int cmd_frameworks(int argc, char **argv)
{
	return list(argc, argv, "frameworks", VFP_LIST_FRAMEWORKS);
}

int cmd_engines(int argc, char **argv)
{
	return list(argc, argv, "engines", VFP_LIST_ENGINES);
}

int cmd_links(int argc, char **argv)
{
	return list(argc, argv, "links", VFP_LIST_LINKS);
}

int cmd_networks(int argc, char **argv)
{
	return list(argc, argv, "networks", VFP_LIST_NETWORKS);
}

int cmd_currencies(int argc, char **argv)
{
	return list(argc, argv, "currencies", VFP_LIST_CURRENCIES);
}

int cmd_offers(int argc, char **argv)
{
	return list(argc, argv, "offers", VFP_LIST_OFFERS);
}
