/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * report_image.c - `vfplan image`'s text report: the components, each
 * GPU's memory, the verdict, the time of an image and the cost per 1,000
 * images; --explain adds every term with its formula and source.
 */
#include "cli/cli.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *where(char *buf, size_t n, int gpu)
{
	if (gpu == VFP_IMAGE_ON_CPU)
		snprintf(buf, n, "CPU");
	else if (gpu < 0)
		snprintf(buf, n, "host");
	else
		snprintf(buf, n, "GPU %d", gpu);
	return buf;
}

static void print_parts(FILE *out, const vfp_image_result *r, vfp_units u)
{
	char at[16];

	fprintf(out, "Parts     %-15s %-26s %9s %6s %9s %6s %10s\n", "role",
		"component", "params", "bits", "weights", "where", "peak");
	for (int i = 0; i < r->n_parts; i++) {
		const vfp_image_part *p = &r->parts[i];
		if (!p->c)
			continue;
		fprintf(out, "          %-15s %-26s %7.3f B %6.3g %9.2f %6s "
			"%10.2f\n", p->role, p->c->name, p->params / 1e9,
			p->params > 0 ? p->weights_bytes * 8 / p->params : 0,
			vfp_bytes_in_units(p->weights_bytes, u),
			where(at, sizeof(at), p->gpu),
			vfp_bytes_in_units(p->peak_bytes, u));
	}
}

/* Past the GPU, or past it only by what PyTorch gives back before an
 * out-of-memory error (vfp_image_gpu elastic_bytes). */
static void print_over(FILE *out, const vfp_image_gpu *g, vfp_units u)
{
	if (g->total_bytes - g->elastic_bytes > g->usable_bytes)
		fprintf(out, "  over");
	else if (g->total_bytes > g->usable_bytes)
		fprintf(out, "  fits: %.2f given back",
			vfp_bytes_in_units(g->elastic_bytes, u));
	fprintf(out, "\n");
}

static void print_memory(FILE *out, const vfp_image_result *r, vfp_units u)
{
	fprintf(out, "Memory    GPU            weights  activations  reserve  "
		"   total / usable (%s)\n", vfp_units_name(u));
	for (int i = 0; i < r->n_gpus; i++) {
		const vfp_image_gpu *g = &r->gpus[i];
		fprintf(out, "          %2d %-10s %8.2f %12.2f %8.2f %9.2f / "
			"%.2f", i, g->gpu->name,
			vfp_bytes_in_units(g->weights_bytes, u),
			vfp_bytes_in_units(g->activation_bytes, u),
			vfp_bytes_in_units(g->reserve_bytes, u),
			vfp_bytes_in_units(g->total_bytes, u),
			vfp_bytes_in_units(g->usable_bytes, u));
		print_over(out, g, u);
	}
	if (r->host_ram_bytes > 0)
		fprintf(out, "          host RAM: %.2f %s of weights; %.2f %s "
			"copied to the GPU a batch, %.2f %s back\n",
			vfp_bytes_in_units(r->host_ram_bytes, u),
			vfp_units_name(u),
			vfp_bytes_in_units(r->transfer_bytes, u),
			vfp_units_name(u),
			vfp_bytes_in_units(r->return_bytes, u),
			vfp_units_name(u));
	if (r->fits)
		fprintf(out, "Verdict   FITS (the peak within ±%.0f %%)\n",
			r->band * 100);
	else
		fprintf(out, "Verdict   DOES NOT FIT: %s\n", r->refusal);
}

/* Where the CPU's issue time sets the step, the host's CPU moves it:
 * the step at both ends of the published profiles too. */
static void print_host(FILE *out, const vfp_image_result *r)
{
	if (r->slow_host_step_seconds <= 1.05 * r->step_seconds &&
	    r->fast_host_step_seconds >= 0.95 * r->step_seconds)
		return;
	fprintf(out, "Host      %.0f kernels a step: %.3g s of CPU at %.0f µs "
		"each, %.3g s of GPU work%s\n          a fast host (%.0f µs "
		"a kernel): %.3g s a step, %.3g s an image; a slow host "
		"(%.0f µs): %.3g s, %.3g s\n", r->step_kernels,
		r->step_kernels * r->op_seconds, r->op_seconds * 1e6,
		r->step_gpu_seconds, r->host_bound ? ": host-bound" : "",
		r->fast_host_op_seconds * 1e6, r->fast_host_step_seconds,
		r->fast_host_seconds_per_image,
		r->slow_host_op_seconds * 1e6, r->slow_host_step_seconds,
		r->slow_host_seconds_per_image);
}

/* The trainer's row: what it adapts, the optimizer and the bytes of all
 * that is trained; the text encoders' adapters; sampling. */
static void print_trainer(FILE *out, const vfp_image_result *r)
{
	const vfp_image_trainer_row *t = r->trainer_row;
	double n = r->lora_params + r->te_lora_params;

	if (!t)
		return;
	fprintf(out, "Trainer   %s: %s; %s, %.3g GB of adapters, gradients "
		"and optimizer state%s\n", vfp_image_trainer_name(t->trainer),
		t->targets, vfp_image_optimizer_name(r->optimizer),
		r->adapter_state_bytes / 1e9, t->ema ? " (with an EMA)" : "");
	if (r->te_lora_params > 0)
		fprintf(out, "          text encoders: %.3g M adapter "
			"parameters, trained each step (%.3g M in all)\n",
			r->te_lora_params / 1e6, n / 1e6);
	if (r->job.sample_every > 0)
		fprintf(out, "Samples   one every %d steps: %.3g s each, %.3g "
			"s a step spread; %.2f GB on the GPU while sampling%s\n",
			r->job.sample_every, r->sample_seconds,
			r->sample_seconds / r->job.sample_every,
			r->sample_peak_bytes / 1e9,
			r->sample_peak_bytes >= r->gpus[r->busiest].total_bytes
				? " (the peak)" : "");
}

static void print_speed(FILE *out, const vfp_image_result *r)
{
	const vfp_image_job *j = &r->job;

	if (j->lora_rank > 0) {
		fprintf(out, "LoRA      rank %d: %.3g M adapter parameters; "
			"batch %d per GPU, checkpointing %s, latents %s, "
			"text %s\n", j->lora_rank, r->lora_params / 1e6,
			j->train_batch, j->ckpt ? "on" : "off",
			j->cache_latents ? "cached" : "encoded each step",
			j->cache_text ? "cached" : "encoded each step");
		print_trainer(out, r);
		fprintf(out, "Speed     %.3g s a step (%.3g steps/s), %.3g "
			"images/s on %d GPU%s\n", r->train_step_seconds,
			1 / r->train_step_seconds, r->train_images_per_second,
			r->n_gpus, r->n_gpus > 1 ? "s (DDP)" : "");
		return;
	}
	fprintf(out, "Speed     a step %.3g s (%.3g it/s, %.4g TFLOP); text "
		"%.3g s + %lld steps %.3g s + VAE %.3g s", r->step_seconds,
		1 / r->step_seconds, r->step_flops / 1e12, r->text_seconds,
		(long long)j->steps, r->denoise_seconds, r->vae_seconds);
	if (r->transfer_seconds > 0)
		fprintf(out, " + transfers %.3g s", r->transfer_seconds);
	fprintf(out, " + fixed %.3g s", r->fixed_seconds);
	fprintf(out, " = %.3g s a batch of %d\n          %.3g s an image; "
		"%d cop%s: %.0f images/h\n", r->latency_seconds, j->batch,
		r->seconds_per_image, r->copies, r->copies == 1 ? "y" : "ies",
		r->images_per_hour);
	print_host(out, r);
}

static void print_smaller_base(FILE *out, const vfp_image_result *r,
			       vfp_units u)
{
	fprintf(out, "Fits      --quant %s: %.2f %s on the fullest GPU, %.3g s "
		"a step (%.3g steps/s)%s\n",
		vfp_image_quant_name(r->faster_quant),
		vfp_bytes_in_units(r->faster_peak_bytes, u), vfp_units_name(u),
		r->faster_train_step_seconds,
		1 / r->faster_train_step_seconds,
		r->faster_quant == VFP_IMAGE_FP8
			? " (8-bit base: Kohya's --fp8_base, ai-toolkit's "
			  "quantize)"
			: " (4-bit base: QLoRA, bitsandbytes NF4)");
}

/* The compute options' share of the account (image_compute.c). */
static void print_compute(FILE *out, const vfp_image_result *r, vfp_units u)
{
	const vfp_image_job *j = &r->job;

	if (j->quant == VFP_IMAGE_FP8_DQ || j->quant == VFP_IMAGE_FP8_DQ_ROW)
		fprintf(out, "Compute   %s: the Linears at FP8 (_scaled_mm), "
			"their inputs made FP8 in eager torchao: %.3g s a "
			"step\n", vfp_image_quant_name(j->quant),
			r->quant_act_seconds);
	if (j->quant == VFP_IMAGE_FP8_FAST)
		fprintf(out, "Compute   fp8-fast: the Linears at FP8 "
			"(_scaled_mm), their inputs clamped and cast to e4m3 "
			"(ComfyUI fp8_e4m3fn_fast): %.3g s a step\n",
			r->quant_act_seconds);
	if (j->quant == VFP_IMAGE_INT8_BNB || j->quant == VFP_IMAGE_INT8_DQ)
		fprintf(out, "Compute   %s: the Linears at INT8 (%s), their "
			"inputs made int8 each call: %.3g s a step%s\n",
			vfp_image_quant_name(j->quant),
			j->quant == VFP_IMAGE_INT8_BNB
				? "bitsandbytes LLM.int8, outliers above 6.0 "
				  "in fp16"
				: "torchao int8dq, torch._int_mm",
			r->quant_act_seconds,
			j->quant == VFP_IMAGE_INT8_BNB
				? "; two host syncs a Linear" : "");
	if (j->attention != VFP_IMAGE_ATTN_SDPA)
		fprintf(out, "Compute   %s: %.2fx FlashAttention-2's rate "
			"(its authors' kernel table)\n",
			vfp_image_attention_name(j->attention),
			r->attention_speedup);
	if (j->lora_adapters > 0)
		fprintf(out, "Compute   %d LoRA adapter%s unfused (rank %d%s): "
			"%.2f %s of weights, %.3g s a step of adds\n",
			j->lora_adapters, j->lora_adapters > 1 ? "s" : "",
			j->adapter_rank > 0 ? j->adapter_rank : 16,
			j->adapter_convs ? ", convs too" : "",
			vfp_bytes_in_units(2 * r->adapter_params, u),
			vfp_units_name(u), r->adapter_seconds);
	if (j->quantize_on_gpu)
		fprintf(out, "Compute   quantize_ on the GPU after a 16-bit "
			"load: %.2f %s while it runs\n",
			vfp_bytes_in_units(r->load_peak_bytes, u),
			vfp_units_name(u));
}

/* torch.compile's share (image_compile.c): the step's kernels and
 * memory-bound bytes against eager, the graph pool, the first call. */
static void print_compile(FILE *out, const vfp_image_result *r, vfp_units u)
{
	const vfp_image_job *j = &r->job;
	int graphs = j->compile == VFP_IMAGE_COMPILE_REDUCE_OVERHEAD ||
		     j->compile == VFP_IMAGE_COMPILE_MAX_AUTOTUNE;

	if (j->compile == VFP_IMAGE_COMPILE_NONE)
		return;
	if (graphs)
		fprintf(out, "Compile   %s on the denoiser: CUDA graph replays "
			"(eager %.0f kernels a step)", vfp_image_compile_name(
				j->compile), r->eager_step_kernels);
	else
		fprintf(out, "Compile   %s on the denoiser: %.0f kernels a "
			"step (eager %.0f)", vfp_image_compile_name(j->compile),
			r->step_kernels - r->loop_kernels,
			r->eager_step_kernels);
	fprintf(out, ", memory-bound %.3g %s a step (eager %.3g)\n",
		vfp_bytes_in_units(r->compiled_step_bytes, u),
		vfp_units_name(u),
		vfp_bytes_in_units(r->eager_step_bytes, u));
	fprintf(out, "          the first call compiles for about %.0f s "
		"more (not in the figures above)", r->compile_seconds);
	if (j->compile == VFP_IMAGE_COMPILE_MAX_AUTOTUNE ||
	    j->compile == VFP_IMAGE_COMPILE_MAX_AUTOTUNE_NO_CUDAGRAPHS)
		fprintf(out, ", and longer: GEMM autotuning not counted");
	if (graphs)
		fprintf(out, "; the graph pool keeps %.2f %s",
			vfp_bytes_in_units(r->graph_pool_bytes, u),
			vfp_units_name(u));
	fprintf(out, "\n");
}

static void print_faster(FILE *out, const vfp_image_result *r, vfp_units u)
{
	if (!r->has_faster)
		return;
	if (r->job.lora_rank > 0) {
		print_smaller_base(out, r, u);
		return;
	}
	fprintf(out, "Faster    --quant %s",
		vfp_image_quant_name(r->faster_quant));
	if (r->faster_text_quant != r->job.text_quant)
		fprintf(out, " --text-quant %s",
			vfp_image_quant_name(r->faster_text_quant));
	fprintf(out, ": %s fits (%.2f %s on the fullest GPU), %.0f images/h%s\n",
		vfp_image_placement_name(r->faster_placement),
		vfp_bytes_in_units(r->faster_peak_bytes, u), vfp_units_name(u),
		r->faster_images_per_hour,
		r->faster_quant == VFP_IMAGE_FP8
			? " (8-bit weights: ComfyUI's fp8_e4m3fn, diffusers' "
			  "layerwise casting)"
			: " (4-bit weights: bitsandbytes NF4)");
}

static void print_cost(FILE *out, const vfp_image_result *r)
{
	const vfp_cost *c = &r->cost;

	if (c->basis == VFP_PRICE_NONE)
		return;
	fprintf(out, "Cost      %.4g %s/h%s: %.4g %s per 1,000 %simages\n",
		c->price_per_hour, c->currency,
		c->basis == VFP_PRICE_REFERENCE
			? " (reference: the catalog's median)"
			: c->basis == VFP_PRICE_OFFER ? " (offer)" : "",
		r->cost_per_1000_images, c->currency,
		r->job.lora_rank > 0 ? "training " : "");
}

static void print_terms(FILE *out, const vfp_image_result *r, vfp_units u)
{
	fprintf(out, "Explain\n");
	for (int k = 0; k < r->n_terms; k++) {
		const vfp_term *t = &r->terms[k];
		int seconds = t->key && strstr(t->key, "seconds");

		fprintf(out, "  %-24s %-44s %s\n", t->label, t->formula,
			t->substituted);
		fprintf(out, "  %-24s = %.4g %s   [%s]\n", "",
			seconds ? t->bytes : vfp_bytes_in_units(t->bytes, u),
			seconds ? "s" : vfp_units_name(u), t->reference);
	}
}

void report_image_text(FILE *out, const vfp_image_result *r, vfp_units u,
		       int explain)
{
	const vfp_image_job *j = &r->job;

	fprintf(out, "Pipeline  %s (%s): %lldx%lld", r->pipeline->name,
		r->pipeline->kind, (long long)j->width, (long long)j->height);
	if (j->frames > 1)
		fprintf(out, ", %lld frames", (long long)j->frames);
	fprintf(out, ", %lld steps, batch %d, CFG %s; denoiser %s",
		(long long)j->steps, j->batch, r->cfg ? "on (2 passes a step)"
						      : "off",
		vfp_image_quant_name(j->quant));
	for (int i = 0; i < r->n_parts; i++)
		if (r->parts[i].c && (r->parts[i].c->cls == VFP_IMAGE_T5 ||
				      r->parts[i].c->cls == VFP_IMAGE_LLM_TEXT))
			fprintf(out, ", %s %s",
				r->parts[i].c->cls == VFP_IMAGE_T5 ? "T5"
								   : "LLM",
				vfp_image_quant_name(j->text_quant));
	if (j->torch_version > 0)
		fprintf(out, j->torch_version == floor(j->torch_version)
				     ? "; PyTorch %.1f%s" : "; PyTorch %g%s",
			j->torch_version,
			j->torch_version < 2.8 ? " (RMSNorm unfused)" : "");
	if (j->channels_last)
		fprintf(out, "; UNet channels_last (NHWC convolutions, "
			     "NCHW GroupNorms)");
	if (j->tf32_matmul && j->quant == VFP_IMAGE_FP32)
		fprintf(out, "; fp32 matmuls in TF32");
	if (j->runtime == VFP_IMAGE_RUNTIME_WAN)
		fprintf(out, "; Wan's generate.py (bf16 autocast, fp32 "
			     "stream, fp32 VAE)");
	if (j->runtime == VFP_IMAGE_RUNTIME_DIFFSYNTH)
		fprintf(out, "; DiffSynth-Studio (Wan's model.py: fp32 "
			     "stream, float64 RoPE)");
	fprintf(out, "\n");
	fprintf(out, "Machine   %d x %s", j->gpu_count, r->gpus[0].gpu->name);
	if (j->llm)
		fprintf(out, ": %d for the pipeline, %d for the LLM", r->n_gpus,
			j->llm_gpus);
	fprintf(out, "\n");
	fprintf(out, "Placement %s%s%s\n", vfp_image_placement_name(r->placement),
		r->why[0] ? ": " : "", r->why);
	print_parts(out, r, u);
	print_memory(out, r, u);
	print_speed(out, r);
	print_compute(out, r, u);
	print_compile(out, r, u);
	print_faster(out, r, u);
	if (j->llm)
		fprintf(out, "LLM       %s on the last %d GPU%s (vLLM): %s, "
			"%.2f %s on the fullest, %.1f tokens/s a sequence\n",
			j->llm, j->llm_gpus, j->llm_gpus > 1 ? "s" : "",
			r->llm_fits ? "fits" : "DOES NOT FIT",
			vfp_bytes_in_units(r->llm_total_bytes, u),
			vfp_units_name(u), r->llm_decode_tokens_per_second);
	print_cost(out, r);
	if (explain)
		print_terms(out, r, u);
}
