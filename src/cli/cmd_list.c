/*
 * cmd_list.c - `vfplan models`, `vfplan gpus` and `vfplan offers`: the
 * database as tables, or as JSON arrays with --json.
 */
#include "cli.h"

static const cli_option options[] = {
	{"data", 1, "DIR", "load DIR/models and DIR/hwdb instead of the "
			   "embedded data"},
	{"json", 0, "", "print a JSON array"},
	{"help", 0, "", "this help"},
};
enum { N_OPTIONS = sizeof(options) / sizeof(options[0]) };

static void print_models(const vfp_db *db)
{
	printf("%-16s %-12s %10s %10s %6s %6s %9s %8s\n", "name", "family",
	       "params(B)", "active(B)", "layers", "hidden", "heads/kv",
	       "context");
	for (size_t i = 0; i < vfp_db_model_count(db); i++) {
		const vfp_model *m = vfp_db_model_at(db, i);
		char heads[24];
		snprintf(heads, sizeof(heads), "%lld/%lld",
			 (long long)m->heads, (long long)m->kv_heads);
		printf("%-16s %-12s %10.3f %10.3f %6lld %6lld %9s %8lld\n",
		       m->name, m->family, m->params / 1e9,
		       m->active_params / 1e9, (long long)m->layers,
		       (long long)m->hidden, heads,
		       (long long)m->max_context);
	}
	puts("\nAlso: any size (125M, 1.5B, 8B, 70B ...) and any config.json "
	     "or model .yaml path.");
}

static void print_gpus(const vfp_db *db)
{
	printf("%-13s %-18s %9s %9s %10s %8s %-16s\n", "name", "memory",
	       "GiB", "mem GB/s", "bf16 TF/s", "TDP W", "default link");
	for (size_t i = 0; i < vfp_db_gpu_count(db); i++) {
		const vfp_gpu *g = vfp_db_gpu_at(db, i);
		printf("%-13s %-18s %9.2f %9.0f %10.1f %8.0f %-16s\n", g->name,
		       g->memory_label, (double)g->vram_bytes / 1073741824.0,
		       g->mem_bw_bytes_per_s / 1e9, g->bf16_flops / 1e12,
		       g->tdp_w, g->default_link);
	}
}

static void print_offers(const vfp_db *db)
{
	printf("%-28s %-10s %-16s %10s %-4s %8s %-6s %-10s\n", "id", "provider",
	       "machine", "price/h", "cur", "billing", "kind", "date");
	for (size_t i = 0; i < vfp_db_offer_count(db); i++) {
		const vfp_offer *o = vfp_db_offer_at(db, i);
		char machine[40], billing[16];
		snprintf(machine, sizeof(machine), "%dx%s", o->count,
			 o->gpu->name);
		snprintf(billing, sizeof(billing), "%ds",
			 o->billing_granularity_s);
		printf("%-28s %-10s %-16s %10.2f %-4s %8s %-6s %-10s\n", o->id,
		       o->provider, machine, o->price_per_hour, o->currency,
		       billing, o->price_kind, o->date);
	}
	puts("\nPrices are samples seen on the dates shown, not quotes.");
}

static int list(int argc, char **argv, const char *name, vfp_list_kind kind)
{
	cli_args a;
	vfp_db *db = NULL;
	vfp_error err;
	char *json = NULL;
	int rc = cli_parse(&a, options, N_OPTIONS, argc, argv, name);

	if (rc)
		return rc;
	if (cli_get(&a, "help")) {
		char usage[64];
		snprintf(usage, sizeof(usage), "vfplan %s [--json]", name);
		cli_print_help(stdout, usage, "Lists the database's records.",
			       options, N_OPTIONS);
		return CLI_EXIT_OK;
	}
	if ((rc = cli_open_db(&db, cli_get(&a, "data"))))
		return rc;
	if (cli_get(&a, "json")) {
		rc = vfp_db_list_json(&json, db, kind, &err) ? cli_fail(&err)
							     : 0;
		if (json)
			puts(json);
		vfp_free(json);
	} else if (kind == VFP_LIST_MODELS) {
		print_models(db);
	} else if (kind == VFP_LIST_GPUS) {
		print_gpus(db);
	} else {
		print_offers(db);
	}
	vfp_db_free(db);
	return rc;
}

int cmd_models(int argc, char **argv)
{
	return list(argc, argv, "models", VFP_LIST_MODELS);
}

int cmd_gpus(int argc, char **argv)
{
	return list(argc, argv, "gpus", VFP_LIST_GPUS);
}

int cmd_offers(int argc, char **argv)
{
	return list(argc, argv, "offers", VFP_LIST_OFFERS);
}
