/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * image_explain.c - the --explain account of an image plan: each term of
 * the fullest GPU's memory and of an image's time, with its formula, the
 * values put in and where the rule comes from (docs/image.md).
 */
#include "image/image.h"

static const char *const where_text =
	"docs/image.md, \"Memory\": parameters counted from each config.json";

/* The VAE decode's terms (image_arch_vae.c), as image_place.c takes
 * them: one image at a time with --vae-slicing, the live tensors alone
 * under WebUI's own decoder (--medvram, --lowvram). */
static void vae_term(vfp_image_result *r)
{
	const vfp_image_job *j = &r->job;
	image_shape s = vfp__denoiser_shape(r);
	vfp_image_placement p = r->placement;
	int webui = p == VFP_IMAGE_MEDVRAM || p == VFP_IMAGE_LOWVRAM;
	double elem = vfp__vae_fp32(r) ? 4 : 2;
	vfp_vae_decode_terms d;
	char tiles[48] = "";

	s.batch = j->vae_slicing && vfp__vae_slices(r->pipeline->vae)
			  ? 1 : j->batch;
	vfp__vae_decode_terms(r->pipeline->vae, &s, elem, j->vae_tile,
			      !webui, &d);
	if (d.tiles > 1)
		vfp__snprintf(tiles, sizeof(tiles), ", %.0f tiles of %d px",
			      d.tiles, j->vae_tile);
	vfp__image_term(r, "vae_decode", "VAE decode memory",
			r->parts[PART_VAE].peak_bytes,
			"docs/image.md, \"What a VAE decode holds\"",
			"live + conv workspace + caches + pixels kept",
			"%.3g + %.3g + %.3g + %.3g GB; %.0f image%s at once, "
			"%.0f bytes an element%s",
			d.live / 1e9, d.workspace / 1e9, d.cache / 1e9,
			d.kept / 1e9, d.batch, d.batch == 1 ? "" : "s", elem,
			tiles);
}

static void memory_terms(vfp_image_result *r)
{
	const vfp_image_gpu *g = &r->gpus[r->busiest];
	double held = vfp__image_xdit_kv_cache_held(r);
	int late = vfp__image_lingering_encoder(r, r->placement);
	double w_late = late >= 0 ? r->parts[late].weights_bytes : 0;
	char kv[48] = "";

	if (held > 0)
		vfp__snprintf(kv, sizeof(kv), ", + xDiT's KV cache %.3g GB",
			      held / 1e9);

	for (int i = 0; i < r->n_parts; i++) {
		const vfp_image_part *p = &r->parts[i];
		double bits = p->params > 0 ? p->weights_bytes * 8 / p->params
					    : 0;
		if (!p->c)
			continue;
		vfp__image_term(r, p->role, p->role, p->weights_bytes,
				where_text, "params x bits / 8",
				"%s: %.4g B params x %.4g bits / 8 (%s)",
				p->c->name, p->params / 1e9, bits,
				p->gpu == VFP_IMAGE_ON_CPU ? "on the CPU"
				: p->gpu < 0 ? "in host RAM between uses"
				: r->placement == VFP_IMAGE_PARALLEL_FSDP &&
						i != PART_VAE
					? "in all, sharded by FSDP"
					: "resident");
	}
	if (late >= 0)
		vfp__image_term(r, "lingering_encoder",
				"encoder left on the GPU", w_late,
				"docs/image.md, \"Placement\"",
				"model offload, CFG's negative prompt encoded again",
				"%s stays while the encoders before it run again",
				r->parts[late].c->name);
	vfp__image_term(r, "activations", "activation peak",
			g->activation_bytes,
			"docs/image.md, \"Activations\"",
			"max over the stages the GPU runs",
			"denoiser %.3g GB, VAE decode %.3g GB%s%s",
			r->parts[PART_DENOISER].peak_bytes / 1e9,
			r->parts[PART_VAE].peak_bytes / 1e9,
			!r->cfg ? ""
			: vfp__cfg_apart(r, r->placement)
				? " (CFG: two forwards of the batch)"
				: " (CFG doubles the denoiser's batch)",
			kv);
	if (r->parts[PART_VAE].c && r->parts[PART_VAE].peak_bytes > 0)
		vae_term(r);
	if (r->placement == VFP_IMAGE_PARALLEL_FSDP)
		vfp__image_fsdp_terms(r);
	vfp__image_term(r, "reserve", "CUDA context and allocator slack",
			g->reserve_bytes,
			"hwdb/defaults.yaml",
			"cuda_reserve + slack x (weights + activations)",
			"%.3g GB on the fullest GPU", g->reserve_bytes / 1e9);
	if (g->total_bytes > g->usable_bytes && g->elastic_bytes > 0)
		vfp__image_term(r, "elastic", "given up rather than fail",
				g->elastic_bytes,
				"docs/image.md, \"What fits\"",
				"slack x weights + VAE conv workspace (+ slack)",
				"%.3g GB: cached blocks freed and the malloc "
				"retried, a cuDNN engine with less workspace; "
				"fits when total - this <= usable",
				g->elastic_bytes / 1e9);
}

/* A step's terms: text, the step, its parts, the host, the casts. */
static void step_terms(vfp_image_result *r)
{
	const vfp_image_part *d = &r->parts[PART_DENOISER];

	vfp__image_term(r, "text_seconds", "text encoding", r->text_seconds,
			"docs/image.md, \"Speed\"",
			"sum 2 x params x tokens / rate",
			"%.3g s", r->text_seconds);
	vfp__image_term(r, "step_seconds", "one denoising step",
			r->step_seconds, "docs/image.md, \"Speed\"",
			"GEMMs+convs+attn+bytes+casts+comm",
			"%.4g TFLOP (%.0f latent tokens%s), attention %s = %.4g s",
			r->step_flops / 1e12, r->latent_tokens,
			r->cfg ? ", CFG x2" : "",
			r->attention_kernel ? r->attention_kernel : "-",
			r->step_seconds);
	vfp__image_term(r, "step_terms_seconds", "the step on the GPU, by term",
			r->step_gemm_seconds + r->step_attention_seconds +
				r->step_bytes_seconds,
			"docs/image.md, \"What each GPU sustains for diffusion\"",
			"GEMMs / rate + attention / share + bytes / HBM",
			"GEMMs %.3g s at %.4g TFLOP/s (peak x measured share), "
			"attention %.3g s at %.3g of the peak, memory-bound "
			"%.3g s",
			r->step_gemm_seconds, r->step_gemm_rate / 1e12,
			r->step_attention_seconds, r->step_attention_share,
			r->step_bytes_seconds);
	if (r->step_roofline_seconds > 0)
		vfp__image_term(r, "roofline_seconds",
				"operators bound by bytes",
				r->step_roofline_seconds,
				"docs/image.md, \"Small UNets: a roofline per "
				"operator\"",
				"sum of (bytes / HBM - FLOPs / rate) > 0",
				"a UNet's convs, Linears and attentions whose "
				"weights and activations outrun their FLOPs "
				"(in the GEMMs)");
	if (vfp__image_xdit_kv_cache_held(r) > 0)
		vfp__image_term(r, "xdit_kv_seconds", "xDiT's KV-cache copies",
				vfp__image_xdit_copy_seconds(r),
				"docs/image.md, \"One image across GPUs\"",
				"bytes / (80 % of HBM), in the step",
				"%.0f kernels, %.3g GB a step",
				vfp__image_xdit_kernels(r),
				vfp__image_xdit_copy_bytes(r) / 1e9);
	vfp__image_term(r, "host_seconds", "the CPU issuing a step",
			r->step_kernels * r->op_seconds,
			"docs/image.md, \"Host-bound steps\"",
			"kernels x host time a kernel",
			"%.0f x %.0f µs (hosts %.0f-%.0f µs: %.3g-%.3g s), "
			"GPU %.3g s",
			r->step_kernels, r->op_seconds * 1e6,
			r->fast_host_op_seconds * 1e6,
			r->slow_host_op_seconds * 1e6,
			r->step_kernels * r->fast_host_op_seconds,
			r->step_kernels * r->slow_host_op_seconds,
			r->step_gpu_seconds);
	if (d->cast_bytes > 0)
		vfp__image_term(r, "cast_seconds", "weight casts, a forward",
				vfp__image_cast_seconds(d, r->gpus[0].gpu),
				"docs/image.md, \"Speed\"",
				"bytes / (HBM rate x 0.8)",
				"%s weights: %.3g GB (%.3g bytes each)",
				vfp_image_quant_name(r->job.quant),
				d->cast_bytes / 1e9,
				d->cast_bytes / d->params);
}

/* A call's terms: the step's, then what the call adds around them. */
static void time_terms(vfp_image_result *r)
{
	step_terms(r);
	vfp__image_term(r, "denoise_seconds", "denoising", r->denoise_seconds,
			"docs/image.md, \"Speed\"", "steps x step",
			"%lld x %.4g s", (long long)r->job.steps,
			r->step_seconds);
	vfp__image_term(r, "vae_seconds", "VAE decode", r->vae_seconds,
			"docs/image.md, \"Speed\"", "FLOPs / rate",
			"%.4g TFLOP", r->parts[PART_VAE].flops / 1e12);
	vfp__image_term(r, "fixed_seconds", "fixed costs of a call",
			r->fixed_seconds,
			"docs/image.md, \"Fixed costs per image\"",
			"kernels x host time + safety checker + to PIL",
			"%.0f kernels a call%s, %.0f a step around the "
			"denoiser (in the step)",
			vfp__image_fixed_kernels(r),
			r->pipeline->safety_checker ? " (safety checker in)"
						    : "",
			r->loop_kernels);
	vfp__image_term(r, "transfer_seconds", "host-GPU transfers",
			r->transfer_seconds, "docs/image.md, \"Placement\"",
			"(in + back) / pageable rate",
			"%.3g GB in, %.3g GB back a batch",
			r->transfer_bytes / 1e9, r->return_bytes / 1e9);
	vfp__image_offload_terms(r);
}

void vfp__image_explain(vfp_image_result *r)
{
	r->n_terms = 0;
	memory_terms(r);
	if (r->job.lora_rank > 0)
		vfp__image_term(r, "train_step_seconds", "training step",
				r->train_step_seconds,
				"docs/image.md, \"LoRA training\"",
				"(2 + ckpt) x forward FLOPs / rate",
				"%.4g TFLOP = %.4g s", r->step_flops / 1e12,
				r->train_step_seconds);
	else
		time_terms(r);
	if (vfp__wan_official(r))
		vfp__wan_official_explain(r);
}
