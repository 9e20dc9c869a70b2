/*
 * check_cost.c - the cost of a plan by hand (offer, user price, reference
 * price, currency conversion, billing granularity, minimum and start-up),
 * `rent` (ranking, Pareto front, constraints, batch kept constant), and
 * the launch configs parsed back (DeepSpeed JSON, Accelerate YAML).
 */
#include "check_util.h"

#include <jansson.h>
#include <string.h>
#include <yaml.h>

VFP_DB_FIXTURE

static vfp_plan_result plan(const vfp_job *j)
{
	vfp_plan_result r;
	vfp_error err;

	ck_assert_msg(vfp_plan(&r, db, j, &err) == 0, "%s", err.message);
	return r;
}

/* VRAMfarm's 4 x RTX 4090 (seed 000): 2.36 EUR/h, billed by the minute
 * with a 15-minute minimum, plus vfplan's 10-minute start-up. */
START_TEST(test_cost__offer_billing)
{
	vfp_job j;
	vfp_plan_result r;
	double run_s, billed;

	vfp_job_init(&j);
	j.model = "1B";
	j.offer = "vramfarm-4xrtx4090";
	j.tokens = 2e8;
	r = plan(&j);
	ck_assert_str_eq(r.gpu->name, "RTX4090");
	ck_assert_int_eq(r.gpus_per_node, 4);
	ck_assert_int_eq(r.cost.basis, VFP_PRICE_OFFER);
	ck_assert_str_eq(r.cost.currency, "EUR");
	ck_assert_double_eq(r.cost.price_per_hour, 2.36);
	ck_assert_double_eq_tol(r.cost.per_step,
				2.36 * r.time.step_seconds / 3600, 1e-12);
	ck_assert_double_eq_tol(r.cost.per_million_tokens,
				2.36 / 3600 / r.time.tokens_per_second * 1e6,
				1e-9);
	run_s = r.time.train_seconds + 600;
	billed = ceil(run_s / 60) * 60;
	ck_assert_double_eq_tol(r.cost.billed_minutes, billed / 60, 1e-9);
	ck_assert_double_eq_tol(r.cost.total, 2.36 * billed / 3600, 1e-9);
	/* a short job pays the 15-minute minimum */
	j.tokens = 1e6;
	r = plan(&j);
	ck_assert_double_eq(r.cost.billed_minutes, 15);
	ck_assert_double_eq_tol(r.cost.total, 2.36 / 4, 1e-12);
	/* in dollars at the ECB rate of 2026-10-05: 1.1204 USD per EUR */
	j.currency = "USD";
	r = plan(&j);
	ck_assert_double_eq_tol(r.cost.price_per_hour, 2.36 * 1.1204, 1e-12);
	ck_assert_str_eq(r.cost.rate_date, "2026-10-05");
}
END_TEST

/* The reference price: L4 has one offer (RunPod, 0.49 USD per GPU-hour),
 * so its median is that offer in euros; a user's price is per GPU-hour. */
START_TEST(test_cost__reference_and_user_price)
{
	vfp_job j;
	vfp_plan_result r;
	vfp_error err;

	vfp_job_init(&j);
	j.model = "1B";
	j.gpu = "L4";
	j.gpus_per_node = 2;
	r = plan(&j);
	ck_assert_int_eq(r.cost.basis, VFP_PRICE_REFERENCE);
	ck_assert_int_eq(r.cost.reference_offers, 1);
	ck_assert_double_eq_tol(r.cost.price_per_hour, 2 * 0.49 / 1.1204,
				1e-12);
	j.price_per_gpu_hour = 1.5;
	j.currency = "USD";
	j.tokens = 1e9;
	r = plan(&j);
	ck_assert_int_eq(r.cost.basis, VFP_PRICE_USER);
	ck_assert_double_eq(r.cost.price_per_hour, 3.0);
	ck_assert_double_eq_tol(r.cost.total, 3.0 * r.cost.billed_minutes / 60,
				1e-9);
	j.currency = "XYZ";
	ck_assert_int_eq(vfp_plan(&r, db, &j, &err), VFP_ENOTFOUND);
	j.currency = NULL;
	j.offer = "vramfarm-4xrtx4090"; /* j.gpu says L4 */
	ck_assert_int_eq(vfp_plan(&r, db, &j, &err), VFP_EINVAL);
}
END_TEST

static vfp_rent_request rent_8b(void)
{
	vfp_rent_request q;

	memset(&q, 0, sizeof(q));
	vfp_job_init(&q.job);
	q.job.model = "llama-3.1-8b";
	q.tokens = 1e9;
	q.search_micro_batch = q.search_ckpt = 1;
	return q;
}

/* Rent ranks by total cost, keeps the global batch (32) on every offer,
 * marks a consistent Pareto front, and says why each offer is left out. */
START_TEST(test_cost__rent)
{
	vfp_rent_request q = rent_8b();
	vfp_rent_result r;
	vfp_error err;

	ck_assert_int_eq(vfp_rent(&r, db, &q, &err), 0);
	ck_assert(r.n_plans > 20);
	ck_assert_uint_eq(r.n_plans + r.n_excluded, vfp_db_offer_count(db));
	ck_assert(r.plans[0].pareto); /* the cheapest */
	for (size_t i = 0; i < r.n_plans; i++) {
		const vfp_plan_result *p = &r.plans[i].plan;
		ck_assert(p->fits);
		ck_assert_int_eq((int64_t)p->job.micro_batch * p->job.grad_accum *
					 p->dp, 32);
		ck_assert_str_eq(p->cost.currency, "EUR");
		if (i)
			ck_assert(p->cost.total >=
				  r.plans[i - 1].plan.cost.total);
		for (size_t k = 0; k < r.n_plans && r.plans[i].pareto; k++)
			ck_assert(!(r.plans[k].plan.cost.total < p->cost.total &&
				    r.plans[k].plan.time.train_seconds <
					    p->time.train_seconds));
	}
	for (size_t i = 0; i < r.n_excluded; i++)
		ck_assert(strlen(r.excluded[i].reason) > 10);
	vfp_rent_free(&r);
}
END_TEST

/* A deadline and a budget are constraints: what passes meets them, and
 * an impossible budget leaves nothing (the CLI then exits 3). */
START_TEST(test_cost__rent_constraints)
{
	vfp_rent_request q = rent_8b();
	vfp_rent_result r;
	vfp_error err;

	q.deadline_seconds = 10 * 3600;
	q.sort_by_time = 1;
	ck_assert_int_eq(vfp_rent(&r, db, &q, &err), 0);
	ck_assert(r.n_plans > 0);
	for (size_t i = 0; i < r.n_plans; i++) {
		ck_assert(r.plans[i].plan.cost.billed_minutes * 60 <= 36000);
		if (i)
			ck_assert(r.plans[i].plan.time.train_seconds >=
				  r.plans[i - 1].plan.time.train_seconds);
	}
	vfp_rent_free(&r);
	q = rent_8b();
	q.budget = 1;
	ck_assert_int_eq(vfp_rent(&r, db, &q, &err), 0);
	ck_assert_uint_eq(r.n_plans, 0);
	ck_assert(r.n_excluded > 0);
	vfp_rent_free(&r);
	q.tokens = 0;
	ck_assert_int_eq(vfp_rent(&r, db, &q, &err), VFP_EINVAL);
}
END_TEST

/* The DeepSpeed config parses and agrees with the plan. */
START_TEST(test_cost__launch_deepspeed)
{
	vfp_job j;
	vfp_plan_result r;
	vfp_error err;
	json_error_t jerr;
	json_t *doc;
	char *text;

	vfp_job_init(&j);
	j.model = "8B";
	j.gpu = "H100";
	j.gpus_per_node = 4;
	j.strategy = VFP_STRATEGY_ZERO3;
	j.micro_batch = 2;
	j.global_batch = 64;
	j.offload = VFP_OFFLOAD_OPTIMIZER;
	r = plan(&j);
	ck_assert_int_eq(vfp_launch_config(&text, &r, VFP_LAUNCH_DEEPSPEED,
					   &err), 0);
	doc = json_loads(text, 0, &jerr);
	ck_assert_ptr_nonnull(doc);
	ck_assert_int_eq(json_integer_value(json_object_get(
				 doc, "train_batch_size")), 64);
	ck_assert_int_eq(json_integer_value(json_object_get(
				 doc, "train_micro_batch_size_per_gpu")), 2);
	ck_assert_int_eq(json_integer_value(json_object_get(
				 doc, "gradient_accumulation_steps")), 8);
	ck_assert_int_eq(json_integer_value(json_object_get(
				 json_object_get(doc, "zero_optimization"),
				 "stage")), 3);
	ck_assert_str_eq(json_string_value(json_object_get(
				 json_object_get(json_object_get(
							 doc,
							 "zero_optimization"),
						 "offload_optimizer"),
				 "device")), "cpu");
	/* an offloaded optimizer is DeepSpeed's own: without this block
	 * initialize() stops on the Trainer's */
	ck_assert_str_eq(json_string_value(json_object_get(
				 json_object_get(doc, "optimizer"), "type")),
			 "AdamW");
	json_decref(doc);
	vfp_free(text);
	/* HSDP through DeepSpeed: MiCS shards within a node of 4 */
	j.offload = VFP_OFFLOAD_NONE;
	j.strategy = VFP_STRATEGY_HSDP;
	j.nodes = 2;
	r = plan(&j);
	ck_assert_int_eq(vfp_launch_config(&text, &r, VFP_LAUNCH_DEEPSPEED,
					   &err), 0);
	doc = json_loads(text, 0, &jerr);
	ck_assert_int_eq(json_integer_value(json_object_get(
				 json_object_get(doc, "zero_optimization"),
				 "mics_shard_size")), 4);
	ck_assert_ptr_null(json_object_get(doc, "optimizer"));
	json_decref(doc);
	vfp_free(text);
	/* pure bf16 under ZeRO-3: bf16 master weights, gradients and
	 * states; ZeRO-2 would keep a second bf16 copy of each shard */
	j.strategy = VFP_STRATEGY_ZERO3;
	j.nodes = 1;
	j.precision = VFP_PRECISION_BF16;
	r = plan(&j);
	ck_assert_int_eq(vfp_launch_config(&text, &r, VFP_LAUNCH_DEEPSPEED,
					   &err), 0);
	doc = json_loads(text, 0, &jerr);
	ck_assert(json_is_true(json_object_get(json_object_get(doc, "bf16"),
					       "bf16_optimizer_states")));
	ck_assert(json_is_true(json_object_get(json_object_get(doc, "bf16"),
					       "bf16_master_weights_and_grads")));
	json_decref(doc);
	vfp_free(text);
	j.strategy = VFP_STRATEGY_ZERO2;
	r = plan(&j);
	ck_assert_int_eq(vfp_launch_config(&text, &r, VFP_LAUNCH_DEEPSPEED,
					   &err), VFP_EINVAL);
	ck_assert_ptr_nonnull(strstr(err.message, "bf16 copy of each shard"));
	/* what DeepSpeed would not run as planned */
	j.precision = VFP_PRECISION_BF16_MIXED;
	j.optimizer = VFP_OPTIMIZER_ADAMW_8BIT;
	j.offload = VFP_OFFLOAD_OPTIMIZER;
	r = plan(&j);
	ck_assert_int_eq(vfp_launch_config(&text, &r, VFP_LAUNCH_DEEPSPEED,
					   &err), VFP_EINVAL);
}
END_TEST

/* The value of a top-level key of a YAML mapping, or "" . */
static void yaml_value(char *out, size_t len, const char *text,
		       const char *key)
{
	yaml_parser_t p;
	yaml_document_t d;
	yaml_node_t *root;

	out[0] = '\0';
	ck_assert(yaml_parser_initialize(&p));
	yaml_parser_set_input_string(&p, (const unsigned char *)text,
				     strlen(text));
	ck_assert(yaml_parser_load(&p, &d));
	root = yaml_document_get_root_node(&d);
	ck_assert_ptr_nonnull(root);
	for (yaml_node_pair_t *q = root->data.mapping.pairs.start;
	     q < root->data.mapping.pairs.top; q++) {
		yaml_node_t *k = yaml_document_get_node(&d, q->key);
		yaml_node_t *v = yaml_document_get_node(&d, q->value);
		if (strcmp((char *)k->data.scalar.value, key) == 0 &&
		    v->type == YAML_SCALAR_NODE)
			snprintf(out, len, "%s", (char *)v->data.scalar.value);
	}
	yaml_document_delete(&d);
	yaml_parser_delete(&p);
}

/* Accelerate's YAML parses and agrees: FSDP full shard on 8 GPUs of 2
 * machines; FSDP has no ZeRO-1. */
START_TEST(test_cost__launch_accelerate)
{
	vfp_job j;
	vfp_plan_result r;
	vfp_error err;
	char *text, v[64];

	vfp_job_init(&j);
	j.model = "8B";
	j.gpu = "H100";
	j.gpus_per_node = 4;
	j.nodes = 2;
	j.strategy = VFP_STRATEGY_ZERO3;
	r = plan(&j);
	ck_assert_int_eq(vfp_launch_config(&text, &r, VFP_LAUNCH_FSDP, &err),
			 0);
	yaml_value(v, sizeof(v), text, "num_processes");
	ck_assert_str_eq(v, "8");
	yaml_value(v, sizeof(v), text, "num_machines");
	ck_assert_str_eq(v, "2");
	yaml_value(v, sizeof(v), text, "distributed_type");
	ck_assert_str_eq(v, "FSDP");
	/* FSDP2 by default: full shard is reshard_after_forward; a
	 * loadable checkpoint at the end; checkpointing left to the
	 * Trainer's flag */
	ck_assert_ptr_nonnull(strstr(text, "fsdp_version: 2"));
	ck_assert_ptr_nonnull(strstr(text, "fsdp_reshard_after_forward: true"));
	ck_assert_ptr_nonnull(strstr(text, "FULL_STATE_DICT"));
	ck_assert_ptr_nonnull(strstr(text, "fsdp_activation_checkpointing: "
				     "false"));
	/* two machines: the first's address, each one's rank */
	yaml_value(v, sizeof(v), text, "main_process_ip");
	ck_assert_str_eq(v, "MACHINE_0_IP");
	vfp_free(text);
	/* FSDP1 on request (the framework's fsdp_version 1) */
	j.fsdp_version = 1;
	r = plan(&j);
	ck_assert_int_eq(vfp_launch_config(&text, &r, VFP_LAUNCH_FSDP, &err),
			 0);
	ck_assert_ptr_nonnull(strstr(text, "FULL_SHARD"));
	vfp_free(text);
	j.fsdp_version = 0;
	/* DDP and one GPU: no FSDP */
	j.strategy = VFP_STRATEGY_DDP;
	j.model = "1B";
	r = plan(&j);
	ck_assert_int_eq(vfp_launch_config(&text, &r, VFP_LAUNCH_FSDP, &err),
			 VFP_EINVAL);
	j.strategy = VFP_STRATEGY_SINGLE;
	j.gpus_per_node = 1;
	j.nodes = 1;
	r = plan(&j);
	ck_assert_int_eq(vfp_launch_config(&text, &r, VFP_LAUNCH_FSDP, &err),
			 VFP_EINVAL);
	j.model = "8B";
	j.gpus_per_node = 4;
	j.nodes = 2;
	/* a MoE under ZeRO-3 keeps its blocks whole */
	j.model = "mixtral-8x7b";
	j.strategy = VFP_STRATEGY_ZERO3;
	r = plan(&j);
	ck_assert_int_eq(vfp_launch_config(&text, &r, VFP_LAUNCH_ACCELERATE,
					   &err), 0);
	ck_assert_ptr_nonnull(strstr(text, "MixtralSparseMoeBlock"));
	ck_assert_ptr_nonnull(strstr(text, "deepspeed_hostfile"));
	vfp_free(text);
	j.model = "8B";
	ck_assert_int_eq(vfp_launch_config(&text, &r, VFP_LAUNCH_ACCELERATE,
					   &err), 0);
	yaml_value(v, sizeof(v), text, "distributed_type");
	ck_assert_str_eq(v, "DEEPSPEED");
	vfp_free(text);
	j.strategy = VFP_STRATEGY_ZERO1;
	r = plan(&j);
	ck_assert_int_eq(vfp_launch_config(&text, &r, VFP_LAUNCH_FSDP, &err),
			 VFP_EINVAL);
}
END_TEST

/* The launch commands: what runs on which machine, with the Trainer's
 * and TRL's flags for the plan's optimizer, compile and adapters. */
START_TEST(test_cost__launch_commands)
{
	vfp_job j;
	vfp_plan_result r;
	vfp_error err;
	char *text;

	vfp_job_init(&j);
	j.model = "8B";
	j.gpu = "H100";
	j.gpus_per_node = 4;
	j.nodes = 2;
	j.strategy = VFP_STRATEGY_ZERO3;
	j.optimizer = VFP_OPTIMIZER_ADAMW_8BIT;
	j.compile = 1;
	j.qlora = 1;
	j.ckpt = VFP_CKPT_SELECTIVE;
	r = plan(&j);
	ck_assert_int_eq(vfp_launch_config(&text, &r, VFP_LAUNCH_COMMANDS,
					   &err), 0);
	ck_assert_ptr_nonnull(strstr(text, "--node_rank K"));
	ck_assert_ptr_nonnull(strstr(text, "--machine_rank K"));
	ck_assert_ptr_nonnull(strstr(text, "MACHINE_1_IP slots=4"));
	ck_assert_ptr_nonnull(strstr(text, "--hostfile hostfile"));
	ck_assert_ptr_nonnull(strstr(text, "--optim adamw_bnb_8bit"));
	ck_assert_ptr_nonnull(strstr(text, "--torch_compile"));
	ck_assert_ptr_nonnull(strstr(text, "--use_peft --lora_r 16"));
	ck_assert_ptr_nonnull(strstr(text, "--load_in_4bit"));
	ck_assert_ptr_nonnull(strstr(text, "recomputes every block"));
	ck_assert_ptr_nonnull(strstr(text, "bnb_4bit_quant_storage"));
	vfp_free(text);
}
END_TEST

static Suite *cost_suite(void)
{
	Suite *s = suite_create("cost");
	TCase *tc = tcase_create("cost");

	tcase_add_checked_fixture(tc, db_setup, db_teardown);
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_cost__offer_billing);
	tcase_add_test(tc, test_cost__reference_and_user_price);
	tcase_add_test(tc, test_cost__rent);
	tcase_add_test(tc, test_cost__rent_constraints);
	tcase_add_test(tc, test_cost__launch_deepspeed);
	tcase_add_test(tc, test_cost__launch_accelerate);
	tcase_add_test(tc, test_cost__launch_commands);
	suite_add_tcase(s, tc);
	return s;
}

VFP_CHECK_MAIN(cost_suite)
