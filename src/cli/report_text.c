/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * report_text.c - the human-readable plan: what was planned (model,
 * machine, job, batch, parallelism), the memory breakdown per GPU at the
 * step's peak with its band, the verdict, host RAM and disk, the searches,
 * the changes that make a job fit when it does not, then the time per step
 * (its terms, throughput, MFU, speed-up, bottleneck and training time).
 * With --explain each figure is followed by its formula with the values
 * substituted and the reference it comes from.
 */
#include "cli/cli.h"

#include <math.h>
#include <string.h>
#include <strings.h>

/* Columns of the breakdown: label, formula (at least; wider when a
 * formula is), figure. */
enum { LABEL_W = 22, FORMULA_W = 20 };

/* Columns s takes: UTF-8 code points (formulas use · and Ψ), not bytes. */
static int columns(const char *s)
{
	int cols = 0;

	for (const char *p = s; *p; p++)
		cols += ((unsigned char)*p & 0xC0) != 0x80;
	return cols;
}

/* Prints s left-aligned in `width` columns, as printf's %-10s would if it
 * counted columns; at least one space follows. */
static void pad(FILE *out, const char *s, int width)
{
	int cols = columns(s);

	fputs(s, out);
	do
		fputc(' ', out);
	while (++cols < width);
}

static double in_units(double bytes, vfp_units u)
{
	return vfp_bytes_in_units(bytes, u);
}

/* 8.03e9 -> "8.030 B", 124e6 -> "124.4 M", 252 -> "252". */
static const char *count_text(char *buf, size_t len, double n)
{
	if (n >= 1e9)
		snprintf(buf, len, "%.3f B", n / 1e9);
	else if (n >= 1e6)
		snprintf(buf, len, "%.1f M", n / 1e6);
	else
		snprintf(buf, len, "%.0f", n);
	return buf;
}

static const char *enum_name(vfp_enum which, int value)
{
	return vfp_enum_name(which, value);
}

/* Samples per optimizer step: the job's, or micro-batch x dp x accum. */
static long long global_batch(const vfp_plan_result *r)
{
	if (r->job.global_batch > 0)
		return (long long)r->job.global_batch;
	return (long long)r->job.micro_batch * r->dp * r->job.grad_accum;
}

/* The count in the checkpoint's safetensors headers (docs/memory.md, "The
 * checkpoint's own truth"); a difference from the config's stated above
 * half a percent: tied or untied heads, MTP layers, a tower the config
 * does not describe. */
static void checkpoint_line(FILE *out, const vfp_model *m)
{
	char n[32];
	/* the checkpoint holds the MTP layers too (Qwen3.5) */
	double diff = 100 * ((m->params + m->mtp_params) /
			     m->checkpoint_params - 1);

	fprintf(out, "\n          checkpoint: %s params in its safetensors "
		"headers (", count_text(n, sizeof(n), m->checkpoint_params));
	if (m->checkpoint_weight_bytes >= 1e7)
		fprintf(out, "%.2f GB as stored)",
			m->checkpoint_weight_bytes / 1e9);
	else
		fprintf(out, "%.0f bytes as stored)",
			m->checkpoint_weight_bytes);
	if (fabs(diff) > 0.5)
		fprintf(out, ", config count differs by %+.1f %%", diff);
}

static void model_lines(FILE *out, const vfp_model *m)
{
	char n[32];

	fprintf(out, "Model     %s: %s parameters", m->name,
		count_text(n, sizeof(n), m->params));
	if (m->nominal_params > 0)
		fprintf(out, " (%s)", m->source);
	if (m->experts > 0) {
		char e[32];
		fprintf(out, " (%s active, %s without the embedding, as MoE "
			"cards count)", count_text(n, sizeof(n),
						   m->active_params),
			count_text(e, sizeof(e), m->active_no_embedding));
	}
	if (m->read_as[0])
		fprintf(out, "\n          read as %s", m->read_as);
	if (m->vision_params > 0)
		fprintf(out, "\n          of which %s in the vision tower and "
			"projector", count_text(n, sizeof(n),
						m->vision_params));
	if (m->mtp_params > 0)
		fprintf(out, "\n          besides %s in %lld multi-token "
			"prediction layer(s): served only for speculative "
			"decoding, trained in Megatron's step time (not in memory)",
			count_text(n, sizeof(n), m->mtp_params),
			(long long)m->mtp_layers);
	/* a checkpoint's count holds its MTP layers too */
	if (m->checkpoint_params > 0)
		checkpoint_line(out, m);
	else if (m->index_params > 0)
		fprintf(out, "\n          the checkpoint's own count: %s "
			"(%+.2f %% against the derived one)",
			count_text(n, sizeof(n), m->index_params),
			100 * (m->index_params /
			       (m->params + m->mtp_params) - 1));
	fprintf(out, "\n          %lld layers, hidden %lld, %lld heads "
		"(%lld KV), ffn %lld, vocab %lld\n", (long long)m->layers,
		(long long)m->hidden, (long long)m->heads,
		(long long)m->kv_heads, (long long)m->ffn,
		(long long)m->vocab);
}

/* A power limit below the TDP and what it leaves (gpu_power.c). */
static void power_line(FILE *out, const vfp_plan_result *r)
{
	const vfp_power *p = &r->power;

	if (!p->curve)
		return;
	fprintf(out, "          power limit %.0f W of %.0f W TDP%s: tensor "
		"throughput %.2f, HBM bandwidth %.2f of the TDP's (%s curve, "
		"hwdb/power_curves.yaml: %s)\n", p->limit_w, p->tdp_w,
		p->from_gpu ? " (the GPU's default)" : "", p->tensor_share,
		p->mem_share, p->curve, p->source ? p->source : "");
}

/* Why this network when the job names none: the platform's reference
 * design, or vfplan's assumption (docs/hardware.md). */
static const char *network_why(const vfp_plan_result *r, char *buf,
			       size_t size)
{
	const vfp_gpu *g = r->gpu;

	if (r->job.network)
		return "";
	if (g->default_network)
		snprintf(buf, size, " (the %s default)", g->platform ?
			 g->platform : g->name);
	else
		snprintf(buf, size, " (assumed: no reference design for the "
			 "%s; say --network)", g->name);
	return buf;
}

/* A rack-scale NVLink domain: its GPUs are one node (docs/hardware.md). */
static void domain_line(FILE *out, const vfp_plan_result *r)
{
	const vfp_gpu *g = r->gpu;

	if (!g->domain_trays)
		return;
	fprintf(out, "          one %s NVLink domain per node: %d GPUs in "
		"%d trays of %d; --nodes counts racks\n", g->platform ?
		g->platform : g->name, g->nvlink_domain, g->domain_trays,
		g->nvlink_domain / g->domain_trays);
}

static void machine_line(FILE *out, const vfp_plan_result *r, vfp_units u)
{
	char why[96];

	fprintf(out, "Machine   %d x %s", r->gpus_per_node, r->gpu->name);
	if (r->nodes > 1)
		fprintf(out, " per node x %d nodes = %d GPUs", r->nodes,
			r->total_gpus);
	fprintf(out, " (%s, %.2f %s each), link %s (%.1f GB/s per "
		"direction)\n", r->gpu->memory_label,
		in_units((double)r->vram_bytes, u), vfp_units_name(u),
		r->link->name, r->link->bw_bytes_per_s / 1e9);
	domain_line(out, r);
	if (r->network && r->job.network &&
	    strcasecmp(r->job.network, r->network->name))
		fprintf(out, "          network %s between nodes (as %s): %d "
			"NIC%s per node, %.2f GB/s per GPU per direction (%.0f "
			"Gb/s)\n", r->job.network, r->network->kind,
			r->nics_per_node, r->nics_per_node == 1 ? "" : "s",
			r->network_bw_per_gpu / 1e9,
			r->network_bw_per_gpu * 8 / 1e9);
	else if (r->network)
		fprintf(out, "          network %s between nodes%s: %d NIC%s "
			"per node, %.2f GB/s per GPU per direction (%.0f "
			"Gb/s)\n", r->network->name, network_why(r, why,
								 sizeof(why)),
			r->nics_per_node, r->nics_per_node == 1 ? "" : "s",
			r->network_bw_per_gpu / 1e9,
			r->network_bw_per_gpu * 8 / 1e9);
	if (r->network && r->network_oversub > 1 &&
	    r->network_rack_nodes > 0)
		fprintf(out, "          uplinks %g:1 oversubscribed above "
			"racks of %d nodes (docs/time.md)\n",
			r->network_oversub, r->network_rack_nodes);
	else if (r->network && r->network_oversub > 1)
		fprintf(out, "          uplinks %g:1 oversubscribed above "
			"the racks, placement unknown: every hop may cross "
			"(docs/time.md)\n", r->network_oversub);
	power_line(out, r);
}

/* What is trained: the whole model, LoRA adapters, or QLoRA. */
static void training_text(char *buf, size_t len, const vfp_plan_result *r)
{
	const vfp_job *j = &r->job;
	char n[32];

	if (j->lora_rank <= 0 && !j->qlora) {
		snprintf(buf, len, "full fine-tuning");
		return;
	}
	snprintf(buf, len, "%s rank %d on %s (%s adapter parameters)",
		 !j->qlora ? "LoRA"
		 : j->quant_base == VFP_QUANT_GPTQ ? "QLoRA: GPTQ int4 base, LoRA"
						   : "QLoRA: NF4 base, LoRA",
		 j->lora_rank,
		 enum_name(VFP_ENUM_LORA_TARGETS, (int)j->lora_targets),
		 count_text(n, sizeof(n), r->adapter_params));
}

/* "Framework hf-trainer: its profile set loss standard, attention sdpa
 * ..." - what the plan took from the profile rather than the job. */
static void framework_line(FILE *out, const vfp_plan_result *r)
{
	const char *sep = ": its defaults here: ";
	int any = 0;

	if (!r->framework)
		return;
	fprintf(out, "Framework %s%s%s (%s)", r->framework->name,
		r->framework_version ? "@" : "",
		r->framework_version ? r->framework_version : "",
		r->framework->title);
	for (int k = 0; k < VFP_LEVER_COUNT_; k++) {
		const vfp_framework_setting *s =
			vfp_plan_framework_setting(r, (vfp_lever)k);
		if (!s)
			continue;
		fprintf(out, "%s%s %s", any ? ", " : sep, s->key, s->value);
		any = 1;
	}
	fprintf(out, "%s\n", any ? " (what you state wins; --explain: the "
			       "source of each)" : ": none here, your options "
			       "stand");
}

/* What the images of a sample cost: the tower's patches, trained or
 * frozen, and their share of the activations. */
static void images_line(FILE *out, const vfp_plan_result *r, vfp_units u)
{
	const vfp_model *m = &r->model;
	const vfp_job *j = &r->job;

	fprintf(out, "Images    %d a sample x %lld patch tokens through the "
		"vision tower (%lld layers of %lld), %s: %.2f %s of the "
		"activations\n", j->images,
		(long long)(j->image_tokens > 0 ? j->image_tokens
						: m->vision_tokens),
		(long long)m->vision_layers, (long long)m->vision_hidden,
		j->lora_rank > 0 || j->qlora ? "frozen, forward only"
					     : "trained",
		in_units(r->vision_activation_bytes, u), vfp_units_name(u));
}

/* ", the first N layers' activations in host RAM" (Megatron's) */
static const char *act_layers_text(char *text, size_t len,
				   const vfp_job *j)
{
	if (j->act_offload_layers <= 0)
		return "";
	snprintf(text, len, ", %d layers' activations in host RAM",
		 j->act_offload_layers);
	return text;
}

static void job_lines(FILE *out, const vfp_plan_result *r, vfp_units u)
{
	const vfp_job *j = &r->job;
	char training[160], ckpt[64], act[64];

	training_text(training, sizeof(training), r);
	fprintf(out, "Job       train, %s (N = %d), %s, %s%s, %s\n",
		vfp_strategy_name(j->strategy), r->shard_degree,
		vfp_precision_name(j->precision),
		vfp_optimizer_name(j->optimizer),
		j->opt_states == VFP_OPT_STATES_BF16 ? " (bf16 moments)" : "",
		training);
	if (r->strategy_auto)
		fprintf(out, "Strategy  auto: %s\n", r->strategy_why);
	fprintf(out, "Batch     micro-batch %d x grad-accum %d x dp %d = %lld "
		"sample%s of %lld tokens = %lld tokens per step\n",
		j->micro_batch, j->grad_accum, r->dp, global_batch(r),
		global_batch(r) == 1 ? "" : "s", (long long)j->seq,
		global_batch(r) * (long long)j->seq);
	if (j->images > 0)
		images_line(out, r, u);
	if (r->warnings & VFP_WARN_GLOBAL_BATCH_GROWS)
		fprintf(out, "          = %dx what one GPU steps with these "
			"settings: keep your global batch with --global-batch "
			"N, or scale the learning rate x%d (SGD) / x%.3g "
			"(Adam), warmed up\n", r->dp, r->dp,
			sqrt((double)r->dp));
	framework_line(out, r);
	vfp_ckpt_text(ckpt, sizeof(ckpt), r);
	fprintf(out, "Options   checkpointing %s, attention %s, loss %s, "
		"offload %s%s%s%s%s\n", ckpt,
		enum_name(VFP_ENUM_ATTN, (int)j->attn),
		enum_name(VFP_ENUM_LOSS, (int)j->loss),
		enum_name(VFP_ENUM_OFFLOAD, (int)j->offload),
		j->act_offload ? ", activations offloaded" : "",
		act_layers_text(act, sizeof(act), j),
		j->opt_in_backward ? ", optimizer step in backward" : "",
		j->compile ? ", torch.compile" : "");
	fprintf(out, "Parallel  dp %d x tp %d%s x pp %d", r->dp, j->tp,
		j->sp ? " (with sp)" : "", j->pp);
	if (j->virtual_stages > 1)
		fprintf(out, " (%d virtual stages each)", j->virtual_stages);
	if (j->first_stage_layers > 0 || j->last_stage_layers > 0)
		fprintf(out, " (layers: first %d, last %d; 0: even)",
			j->first_stage_layers, j->last_stage_layers);
	if (j->cp > 1)
		fprintf(out, " x cp %d (%s)", j->cp,
			enum_name(VFP_ENUM_CP_IMPL, (int)j->cp_impl));
	if (j->mtp > 0)
		fprintf(out, "; MTP layers %d", j->mtp);
	if (j->ep > 1 || (j->etp > 0 && j->etp != j->tp))
		fprintf(out, "; experts: ep %d x etp %d", j->ep,
			j->etp > 0 ? j->etp : j->tp);
	fputs("\n\n", out);
}

static void explain_line(FILE *out, const char *what, const char *ref)
{
	fprintf(out, "      = %s\n", what);
	if (ref)
		fprintf(out, "        (%s)\n", ref);
}

/* The breakdown's terms: all but the zero ones after the model states (a
 * LoRA base has no gradients, and its zero says so). */
static int shown(const vfp_plan_result *r, int k)
{
	return k <= VFP_MEM_OPTIMIZER || r->memory[k].bytes != 0;
}

/* The formula column: FORMULA_W, or the widest formula and two spaces. */
static int formula_width(const vfp_plan_result *r)
{
	int w = FORMULA_W;

	for (int k = 0; k < VFP_MEMORY_TERMS; k++)
		if (shown(r, k) && columns(r->memory[k].formula) + 2 > w)
			w = columns(r->memory[k].formula) + 2;
	return w;
}

/* A figure line without a formula: "  label   12.34 GB". */
static void figure(FILE *out, const char *label, int fw, double bytes,
		   vfp_units u)
{
	fputs("  ", out);
	pad(out, label, LABEL_W + fw);
	fprintf(out, "%10.2f %s", in_units(bytes, u), vfp_units_name(u));
}

/* " ± 2.50 GB", or " +1.00/-2.00 GB" when the band is lopsided; "" when
 * there is none. */
static const char *band_text(char *buf, size_t len,
			     const vfp_plan_result *r, vfp_units u)
{
	double up = in_units(r->total_bytes_high - r->total_bytes, u);
	double down = in_units(r->total_bytes - r->total_bytes_low, u);

	if (up < 0.005 && down < 0.005)
		buf[0] = '\0';
	else if (fabs(up - down) < 0.005)
		snprintf(buf, len, " ± %.2f %s", up, vfp_units_name(u));
	else
		snprintf(buf, len, " +%.2f/-%.2f %s", up, down,
			 vfp_units_name(u));
	return buf;
}

/* --explain under the activations of an MoE model: one MoE layer's own
 * bytes as the job's framework runs it (docs/activations.md). */
static void moe_lines(FILE *out, const vfp_plan_result *r)
{
	const vfp_moe_memory *e = &r->moe_memory;
	char router[40], routed[40], shared[40], kept[40], run[40], ws[40];

	cli_grouped(router, sizeof(router), e->router_bytes);
	cli_grouped(routed, sizeof(routed), e->routed_bytes);
	cli_grouped(shared, sizeof(shared), e->shared_bytes);
	cli_grouped(kept, sizeof(kept), e->kept_bytes);
	cli_grouped(run, sizeof(run), e->transient_bytes);
	cli_grouped(ws, sizeof(ws), e->workspace_bytes);
	fprintf(out, "      MoE layer (%s, %.0f routed copies): router %s B "
		"+ routed %s B + shared experts %s B; kept to backward %s B; "
		"dispatch buffers while it runs %s B; grouped GEMM workspace "
		"%s B\n",
		vfp_enum_name(VFP_ENUM_MOE_IMPL, (int)r->job.moe_impl),
		e->slots, router, routed, shared, kept, run, ws);
}

static void terms(FILE *out, const vfp_plan_result *r, int fw, vfp_units u,
		  int explain)
{
	for (int k = 0; k < VFP_MEMORY_TERMS; k++) {
		const vfp_term *t = &r->memory[k];
		if (!shown(r, k))
			continue;
		fputs("  ", out);
		pad(out, t->label, LABEL_W);
		pad(out, t->formula, fw);
		fprintf(out, "%10.2f %s\n", in_units(t->bytes, u),
			vfp_units_name(u));
		if (explain)
			explain_line(out, t->substituted, t->reference);
		if (explain && k == VFP_MEM_ACTIVATIONS &&
		    r->model.experts > 0)
			moe_lines(out, r);
	}
}

static void phases(FILE *out, const vfp_plan_result *r, vfp_units u)
{
	fputs("  ", out);
	pad(out, "phases", LABEL_W);
	for (int p = 0; p < VFP_PHASE_COUNT_; p++)
		fprintf(out, "%s%s %.2f", p ? ", " : "",
			vfp_phase_name((vfp_phase)p),
			in_units(r->phase_bytes[p], u));
	fprintf(out, " %s\n", vfp_units_name(u));
}

static void usable(FILE *out, const vfp_plan_result *r, int fw, vfp_units u,
		   int explain)
{
	figure(out, "usable per GPU", fw, r->usable_vram_bytes, u);
	fprintf(out, "  (%.2f total - %.2f CUDA reserve", in_units((double)
		r->vram_bytes, u), in_units((double)r->cuda_reserve_bytes, u));
	if (r->reserve_bytes > 0)
		fprintf(out, " - %.2f %s", in_units(r->reserve_bytes, u),
			r->job.reserve_bytes > 0 ? "--reserve"
						 : "the OS's share");
	fputs(")\n", out);
	if (explain)
		fprintf(out, "      = %s: %s%s\n", r->gpu->vram_measured ?
			"nvidia-smi total" : "vendor label read as GiB",
			"usable = total - CUDA context and library reserve",
			" (hwdb/defaults.yaml) - your --reserve");
}

static void breakdown(FILE *out, const vfp_plan_result *r, vfp_units u,
		      int explain)
{
	int fw = formula_width(r);
	char label[64], band[48];

	fprintf(out, "Memory per GPU (%s = %s)\n", vfp_units_name(u),
		u == VFP_UNITS_GIB ? "2^30 bytes" : "10^9 bytes");
	terms(out, r, fw, u, explain);
	figure(out, "model states", fw, r->model_states_bytes, u);
	snprintf(label, sizeof(label), "total at peak (%s)",
		 vfp_phase_name(r->peak_phase));
	fputc('\n', out);
	figure(out, label, fw, r->total_bytes, u);
	fprintf(out, "%s\n", band_text(band, sizeof(band), r, u));
	phases(out, r, u);
	usable(out, r, fw, u, explain);
}

static void verdict(FILE *out, const vfp_plan_result *r, vfp_units u)
{
	const char *un = vfp_units_name(u);
	double gap = in_units(fabs(r->headroom_bytes), u);
	char band[48];

	band_text(band, sizeof(band), r, u);
	fputs("\nVerdict   ", out);
	if (r->borderline)
		fprintf(out, "BORDERLINE: %.2f %s %s%s per GPU (the band "
			"crosses the usable memory: it may run out of memory; "
			"the changes below make it fit)\n", gap, un,
			r->headroom_bytes >= 0 ? "headroom" : "short", band);
	else if (r->fits)
		fprintf(out, "FITS: %.2f %s headroom%s per GPU (%.0f%% of "
			"usable memory used)\n", gap, un, band,
			r->usable_vram_bytes > 0
				? 100.0 * r->total_bytes / r->usable_vram_bytes
				: 0.0);
	else
		fprintf(out, "DOES NOT FIT: %.2f %s short%s per GPU\n", gap, un,
			band);
}

static void host_ram(FILE *out, const vfp_plan_result *r, vfp_units u)
{
	const char *un = vfp_units_name(u);

	if (r->job.offload == VFP_OFFLOAD_NONE)
		return;
	fprintf(out, "Host RAM  %.2f %s needed per machine for offload; ",
		in_units(r->host_ram_needed_bytes, u), un);
	if (r->host_ram_fits < 0)
		fputs("the machine's RAM is unknown (give --host-ram)\n", out);
	else
		fprintf(out, "%.2f %s available: %s\n",
			in_units(r->host_ram_bytes, u), un,
			r->host_ram_fits ? "fits" : "DOES NOT FIT");
}

static void disk(FILE *out, const vfp_plan_result *r, vfp_units u)
{
	const char *un = vfp_units_name(u);

	fprintf(out, "Disk      %.2f %s per checkpoint with optimizer states "
		"(whole job); %.2f %s for a weights-only export\n",
		in_units(r->disk_checkpoint_bytes, u), un,
		in_units(r->disk_weights_bytes, u), un);
}

static void searches(FILE *out, const vfp_plan_result *r)
{
	if (r->max_micro_batch > 0)
		fprintf(out, "Largest   micro-batch that fits: %lld (at seq "
			"%lld)\n", (long long)r->max_micro_batch,
			(long long)r->job.seq);
	else if (r->max_micro_batch == 0)
		fprintf(out, "Largest   micro-batch that fits: none, not even 1 "
			"at seq %lld\n", (long long)r->job.seq);
	if (r->max_seq > 0)
		fprintf(out, "Longest   sequence that fits: %lld tokens (at "
			"micro-batch %d)\n", (long long)r->max_seq,
			r->job.micro_batch);
	else if (r->max_seq == 0)
		fprintf(out, "Longest   sequence that fits: none at micro-batch "
			"%d\n", r->job.micro_batch);
}

/* Seconds with three significant figures: "0.823", "12.3", "1234". */
static const char *seconds_text(char *buf, size_t len, double s)
{
	int decimals = 0;

	if (s > 0 && s < 100)
		decimals = s >= 10 ? 1 : s >= 1 ? 2 : s >= 0.001 ? 3 : 6;
	snprintf(buf, len, "%.*f", decimals, s);
	return buf;
}

/* cli.h: "1,234,567". */
const char *cli_grouped(char *buf, size_t len, double n)
{
	char digits[32];
	size_t nd, o = 0;

	snprintf(digits, sizeof(digits), "%.0f", n >= 0 && n < 1e18 ? n : 0);
	nd = strlen(digits);
	for (size_t i = 0; i < nd && o + 2 < len; i++) {
		if (i > 0 && (nd - i) % 3 == 0)
			buf[o++] = ',';
		buf[o++] = digits[i];
	}
	buf[o] = '\0';
	return buf;
}

/* The time terms worth a line: compute, and any that takes time. */
static int time_shown(const vfp_time *t, int k)
{
	return k == VFP_TIME_COMPUTE || t->terms[k].bytes > 0;
}

/* The formula column of the time terms, as formula_width() for memory. */
static int time_formula_width(const vfp_time *t)
{
	int w = FORMULA_W;

	for (int k = 0; k < VFP_TIME_TERMS; k++)
		if (time_shown(t, k) && columns(t->terms[k].formula) + 2 > w)
			w = columns(t->terms[k].formula) + 2;
	return w;
}

static void time_terms(FILE *out, const vfp_time *t, int fw, int explain)
{
	char s[32];

	for (int k = 0; k < VFP_TIME_TERMS; k++) {
		const vfp_term *term = &t->terms[k];
		if (!time_shown(t, k))
			continue;
		fputs("  ", out);
		pad(out, term->label ? term->label : "", LABEL_W);
		pad(out, term->formula, fw);
		fprintf(out, "%10s s\n", seconds_text(s, sizeof(s), term->bytes));
		if (explain)
			explain_line(out, term->substituted, term->reference);
	}
}

/* cli.h: "PCIe without P2P", by the kind of hwdb/links.yaml. */
const char *cli_link_words(const vfp_link *l)
{
	static const struct {
		const char *kind, *words;
	} kinds[] = {
		{"nvlink", "NVLink"},
		{"nvlink-bridge", "an NVLink bridge"},
		{"pcie-p2p", "PCIe with P2P"},
		{"pcie-host", "PCIe without P2P"},
		{"cpu-cross", "PCIe across CPU sockets"},
		{"xgmi", "Infinity Fabric"},
	};

	for (size_t i = 0; l && l->kind && i < sizeof(kinds) / sizeof(kinds[0]);
	     i++)
		if (strcmp(l->kind, kinds[i].kind) == 0)
			return kinds[i].words;
	return l ? l->name : "the link";
}

/* The bottleneck in two words, its share of the step, and what the step
 * does then. */
static double bottleneck_part(const vfp_plan_result *r, char *what,
			      size_t len, const char **name)
{
	const vfp_time *t = &r->time;

	switch (t->bottleneck) {
	case VFP_BOTTLENECK_LINK:
		*name = "the link";
		snprintf(what, len, "waits on %s (%s)", cli_link_words(r->link),
			 r->link->name);
		return t->exposed_comm_seconds;
	case VFP_BOTTLENECK_NETWORK:
		*name = "the network";
		snprintf(what, len, "waits on the network between nodes (%s)",
			 r->job.network ? r->job.network
			 : r->network ? r->network->name : "?");
		return t->exposed_comm_seconds;
	case VFP_BOTTLENECK_OFFLOAD:
		*name = "offload";
		snprintf(what, len, "waits on PCIe transfers and the CPU "
			 "optimizer");
		return t->offload_seconds;
	case VFP_BOTTLENECK_PIPELINE:
		*name = "the pipeline";
		snprintf(what, len, "waits in pipeline bubbles");
		return t->bubble_seconds;
	case VFP_BOTTLENECK_HOST:
		*name = "the host CPU";
		snprintf(what, len, "is the CPU issuing eager PyTorch's "
			 "operators, slower than the GPUs run them "
			 "(torch.compile: --compile)");
		return t->compute_seconds;
	default:
		*name = "compute";
		snprintf(what, len, "is the GPUs' arithmetic");
		return t->compute_seconds;
	}
}

/* "Bottleneck: the link: 61% of the step waits on PCIe without P2P
 * (pcie4-host)". */
static void bottleneck(FILE *out, const vfp_plan_result *r)
{
	const char *name;
	char what[160];
	double part = bottleneck_part(r, what, sizeof(what), &name);
	double step = r->time.step_seconds;

	fprintf(out, "Bottleneck: %s: %.0f%% of the step %s\n", name,
		step > 0 ? fmin(100.0, 100.0 * part / step) : 0.0, what);
	if (r->calibration.applied)
		fprintf(out, "Calibrated: %s%s%s; compute x%.3f, memory "
			"%+.2f GB (%s)\n",
			r->calibration.gemm ? "GEMM curve, " : "",
			r->calibration.hbm ? "HBM, " : "",
			r->calibration.collectives ? "collectives measured"
						   : "datasheet links",
			r->calibration.compute_scale,
			r->calibration.memory_offset_bytes / 1e9,
			r->calibration.source);
}

/* "27.3 hours (1.14 days)", or minutes for a short job. */
static void duration(FILE *out, double s)
{
	if (s < 3600)
		fprintf(out, "%.1f minutes", s / 60);
	else if (s < 2 * 86400)
		fprintf(out, "%.1f hours (%.2f days)", s / 3600, s / 86400);
	else
		fprintf(out, "%.1f days (%.0f hours)", s / 86400, s / 3600);
}

/* 2e9 -> "2B", 1.5e12 -> "1.5T", 123456 -> "123,456". */
static const char *tokens_text(char *buf, size_t len, double n)
{
	static const struct {
		double scale;
		const char *suffix;
	} units[] = {{1e12, "T"}, {1e9, "B"}, {1e6, "M"}};

	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (n >= units[i].scale) {
			snprintf(buf, len, "%.4g%s", n / units[i].scale,
				 units[i].suffix);
			return buf;
		}
	return cli_grouped(buf, len, n);
}

/* Why a job runs faster than linear over its GPUs: with EP each GPU runs
 * its 1/ep of the experts' per-expert kernels and launches; otherwise a
 * sharded optimizer step. */
static const char *superlinear_why(const vfp_plan_result *r)
{
	if (r->time.speedup_vs_one_gpu <= r->total_gpus)
		return "";
	if (r->job.ep > 1)
		return ": above linear, since with --ep each GPU runs only its "
		       "share of the experts' kernels and launches";
	return ": above linear, since each GPU steps only its shard of the "
	       "optimizer (as in the ZeRO paper)";
}

static void throughput(FILE *out, const vfp_plan_result *r)
{
	const vfp_time *t = &r->time;
	char a[32], b[32];

	fprintf(out, "Throughput  %s tokens/s (whole job), %s per GPU\n",
		cli_grouped(a, sizeof(a), t->tokens_per_second),
		cli_grouped(b, sizeof(b), t->tokens_per_second_per_gpu));
	fprintf(out, "MFU         %.1f%% (HFU %.1f%% with recomputation; peak "
		"%.0f TFLOP/s per GPU at %.0f%% GEMM efficiency)\n", 100 * t->mfu,
		100 * t->hfu, t->peak_flops_per_gpu / 1e12, 100 * t->efficiency);
	if (r->total_gpus > 1)
		fprintf(out, "Speed-up    %.2fx vs one GPU (%.0f%% of linear "
			"over %d GPUs)%s\n", t->speedup_vs_one_gpu,
			100 * t->speedup_vs_one_gpu / r->total_gpus,
			r->total_gpus, superlinear_why(r));
	bottleneck(out, r);
	if (r->job.tokens <= 0)
		return;
	fprintf(out, "Train time  %s tokens: ",
		tokens_text(a, sizeof(a), r->job.tokens));
	duration(out, t->train_seconds);
	fputc('\n', out);
}

/* "  communication   0.238 s  (0.141 s exposed; 42.00 GB per GPU)" and
 * "  step   0.823 s  (0.700–0.980)". */
static void step_lines(FILE *out, const vfp_time *t, int fw, vfp_units u)
{
	char s[32], lo[32], hi[32];

	if (t->comm_seconds > 0) {
		fputs("  ", out);
		pad(out, "communication (all)", LABEL_W + fw);
		fprintf(out, "%10s s  (%s s exposed; %.2f %s per GPU)\n",
			seconds_text(s, sizeof(s), t->comm_seconds),
			seconds_text(lo, sizeof(lo), t->exposed_comm_seconds),
			in_units(t->comm_bytes_per_gpu_per_step, u),
			vfp_units_name(u));
	}
	fputs("  ", out);
	pad(out, "step", LABEL_W + fw);
	fprintf(out, "%10s s  (%s–%s)\n", seconds_text(s, sizeof(s),
		t->step_seconds), seconds_text(lo, sizeof(lo),
		t->step_seconds_low), seconds_text(hi, sizeof(hi),
		t->step_seconds_high));
}

static void time_block(FILE *out, const vfp_plan_result *r, vfp_units u,
		       int explain)
{
	int fw = time_formula_width(&r->time);

	fputs("\nTime per step\n", out);
	time_terms(out, &r->time, fw, explain);
	step_lines(out, &r->time, fw, u);
	fputc('\n', out);
	throughput(out, r);
}

static void advice(FILE *out, const vfp_plan_result *r, vfp_units u)
{
	char text[512];

	int shown = 0;

	if (r->n_advice <= 0)
		return;
	fputs(r->advice[0].faster
		      ? "\nFaster settings that also fit (flags to add; "
			"tokens/s of the whole job):\n"
		      : "\nChanges that make it fit (flags to add, fastest "
			"first; tokens/s of the whole job):\n", out);
	/* the best three on these GPUs, then more GPUs; --json has all */
	for (int i = 0; i < r->n_advice && i < VFP_MAX_ADVICE; i++) {
		if (shown == 3 && r->advice[i].kind != VFP_ADVICE_MORE_GPUS)
			continue;
		vfp_advice_text(text, sizeof(text), r, i, u);
		if (text[0])
			fprintf(out, "  %s\n", text), shown++;
	}
	if (shown < r->n_advice)
		fprintf(out, "  (%d more in --json)\n", r->n_advice - shown);
}

static void warnings(FILE *out, unsigned bits)
{
	int first = 1;

	for (unsigned b = 1; b && b <= bits; b <<= 1) {
		if (!(bits & b))
			continue;
		fprintf(out, "%sNote      %s\n", first ? "\n" : "",
			vfp_warning_text(b));
		first = 0;
	}
}

/* "Cost  2.36 EUR/h (offer vramfarm-4xrtx4090): 0.0004 EUR per step ..."
 * and, with --tokens, the billed run. */
static void cost_block(FILE *out, const vfp_plan_result *r)
{
	const vfp_cost *c = &r->cost;

	if (c->basis == VFP_PRICE_NONE) {
		fprintf(out, "Cost        no offer for %s in the catalog: give "
			"--price X (per GPU-hour)\n", r->gpu->name);
		return;
	}
	fprintf(out, "Cost        %.4g %s/h for %d GPU%s", c->price_per_hour,
		c->currency, r->total_gpus, r->total_gpus > 1 ? "s" : "");
	if (c->basis == VFP_PRICE_OFFER)
		fprintf(out, " (offer %s, %s %s)", c->offer->id,
			c->offer->price_kind, c->offer->date);
	else if (c->basis == VFP_PRICE_REFERENCE)
		fprintf(out, " (reference price: median over providers of %d "
			"catalog offer%s for %s; give --offer or --price for "
			"yours)",
			c->reference_offers, c->reference_offers > 1 ? "s" : "",
			r->gpu->name);
	else
		fprintf(out, " (your price)");
	fprintf(out, "\n            %.4g %s per step, %.4g %s per million "
		"tokens\n", c->per_step, c->currency, c->per_million_tokens,
		c->currency);
	if (c->rate_date)
		fprintf(out, "            %s converted to %s at %.4g (%s)\n",
			c->price_currency, c->currency, c->rate, c->rate_date);
	if (c->total <= 0)
		return;
	fprintf(out, "Run cost    %.5g %s: %.0f minutes billed (%s, %.0f min "
		"start-up", c->total, c->currency, c->billed_minutes,
		c->granularity_s >= 3600 ? "by the hour"
		: c->granularity_s >= 60 ? "by the minute" : "by the second",
		c->startup_minutes);
	if (c->minimum_minutes > 0)
		fprintf(out, ", %.0f min minimum", c->minimum_minutes);
	fputs(")\n", out);
}

/* --explain: where each setting the profile applied was read. */
static void framework_sources(FILE *out, const vfp_plan_result *r)
{
	int any = 0;

	for (int k = 0; r->framework && k < VFP_LEVER_COUNT_; k++) {
		const vfp_framework_setting *s =
			vfp_plan_framework_setting(r, (vfp_lever)k);
		if (!s)
			continue;
		if (!any++)
			fprintf(out, "Framework settings (%s)\n",
				r->framework->source);
		fprintf(out, "  %-18s %-10s %s %s@%.10s%s%s%s%s%s: %s\n",
			s->key, s->value, s->repo, s->file, s->commit,
			s->since || s->until ? " [" : "",
			s->since ? s->since : "",
			s->since || s->until ? ".." : "",
			s->until ? s->until : "",
			s->since || s->until ? ")" : "", s->says);
	}
	if (any)
		fputc('\n', out);
}

void report_plan_text(FILE *out, const vfp_plan_result *r, vfp_units units,
		      int explain)
{
	model_lines(out, &r->model);
	machine_line(out, r, units);
	job_lines(out, r, units);
	if (explain)
		framework_sources(out, r);
	breakdown(out, r, units, explain);
	verdict(out, r, units);
	host_ram(out, r, units);
	disk(out, r, units);
	searches(out, r);
	advice(out, r, units);
	time_block(out, r, units, explain);
	cost_block(out, r);
	warnings(out, r->warnings);
}
