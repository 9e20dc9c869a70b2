/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * image_train.c - LoRA training of an image model as each trainer runs it
 * (Kohya sd-scripts, ai-toolkit, diffusers' train_dreambooth_lora_*
 * scripts, SimpleTuner, OneTrainer; their rows in
 * models/image-trainers.yaml): what each GPU holds and how long a step
 * takes, data-parallel over the GPUs as `accelerate launch
 * --num_processes=N` runs it (docs/image.md, "LoRA training" and "LoRA
 * training as each trainer does it").
 */
#include "image/image.h"
#include "train/train.h"

#include <math.h>
#include <string.h>

/* Kohya's default LoRA (every Linear of the blocks, sd-scripts' fused
 * layout) or diffusers' target list, without the database. */
double vfp__image_lora_params_for(const vfp_image_component *c, int rank,
				  vfp_image_trainer t)
{
	vfp_image_trainer_row all = {0};

	if (t == VFP_IMAGE_DIFFUSERS)
		return vfp__image_lora_params(c, rank);
	all.fused = c->cls == VFP_IMAGE_FLUX || c->cls == VFP_IMAGE_SD3;
	all.attn = all.context = all.mlp = all.context_mlp = 1;
	all.single = all.mod = all.proj = 1;
	return vfp__image_trainer_lora(c, &all) * rank;
}

static image_shape train_shape(const vfp_image_result *r)
{
	image_shape s = vfp__denoiser_shape(r);

	s.batch = r->job.train_batch; /* no CFG in training */
	return s;
}

/* A text encoder the job adapts: the CLIPs with --train-text-encoder, T5
 * too with its "all" (sd-scripts' train_t5xxl network argument). */
static int te_trained(const vfp_image_job *j, const vfp_image_component *c)
{
	return c && ((j->train_text_encoder >= 1 && c->cls == VFP_IMAGE_CLIP) ||
		     (j->train_text_encoder >= 2 && c->cls == VFP_IMAGE_T5));
}

/* What an adapted text encoder's forward saves for its backward, bytes
 * (16-bit): a layer keeps the inputs of its norms and Linears, q, k, v
 * and the attention output (8D) and its MLP's hidden activations (CLIP's
 * fc1 output and GELU: 2F; T5's gated wi_0, wi_1, GELU, product: 4F) a
 * token (an assumption from the layer's code, SDPA keeping no scores).
 * sd-scripts checkpoints the text encoders with the denoiser
 * (t_enc.gradient_checkpointing_enable()): then each layer's input and
 * one layer's set. */
static double te_saved(const vfp_image_component *c, double tokens,
		       double batch, int ckpt)
{
	double d = vfp__image_hidden(c), f = vfp__image_ffn(c);
	double l = (double)c->layers;
	double layer = tokens * batch * 2 *
		       (8 * d + (c->cls == VFP_IMAGE_T5 ? 4 : 2) * f);

	return ckpt ? l * tokens * batch * d * 2 + layer : l * layer;
}

static int no_row(const vfp_image_result *r, const vfp_db *db,
		  vfp_error *err)
{
	char list[160] = "";
	int family = (int)r->pipeline->denoiser->cls;

	for (int t = 0; t < VFP_IMAGE_TRAINER_COUNT_; t++)
		if (vfp__image_trainer_row(db, t, family)) {
			size_t n = strlen(list);
			vfp__snprintf(list + n, sizeof(list) - n, "%s%s",
				      n ? ", " : "", vfp_image_trainer_name(t));
		}
	return vfp__fail(err, VFP_EINVAL, "%s has no LoRA recipe for %s's "
			 "denoiser in models/image-trainers.yaml%s%s",
			 vfp_image_trainer_name(r->job.trainer),
			 r->pipeline->name, *list ? "; trainers that have "
			 "one: " : "", list);
}

/* The trainer's row, the optimizer, the text-encoder and sampling
 * options; one line for what cannot be planned. */
static int resolve_trainer(vfp_image_result *r, const vfp_db *db,
			   vfp_error *err)
{
	const vfp_image_job *j = &r->job;
	int any_te = 0;

	r->trainer_row = vfp__image_trainer_row(db, (int)j->trainer,
					       (int)r->pipeline->denoiser->cls);
	if (!r->trainer_row)
		return no_row(r, db, err);
	if (j->optimizer >= VFP_IMAGE_OPTIMIZER_COUNT_ || j->optimizer < -1)
		return vfp__fail(err, VFP_EINVAL, "bad optimizer");
	if (j->adam8bit && j->optimizer >= 0 &&
	    j->optimizer != VFP_IMAGE_ADAMW8BIT)
		return vfp__fail(err, VFP_EINVAL, "--adam8bit is --optimizer "
				 "adamw8bit, not %s: give one of them",
				 vfp_image_optimizer_name(j->optimizer));
	r->optimizer = j->optimizer >= 0 ? j->optimizer
		       : j->adam8bit ? VFP_IMAGE_ADAMW8BIT
				     : r->trainer_row->optimizer;
	if (j->sample_every < 0 || j->sample_every > 1000000)
		return vfp__fail(err, VFP_EINVAL, "sample every 1 to 1000000 "
				 "steps, or 0 for never");
	if (j->train_text_encoder < 0 || j->train_text_encoder > 2)
		return vfp__fail(err, VFP_EINVAL, "train_text_encoder is "
				 "clip or all");
	if (!j->train_text_encoder)
		return 0;
	if (j->cache_text)
		return vfp__fail(err, VFP_EINVAL, "a trained text encoder "
				 "cannot have its outputs cached: "
				 "--train-text-encoder needs --cache-text no");
	for (int i = 0; i < PART_DENOISER; i++)
		any_te |= te_trained(j, r->parts[i].c);
	if (!any_te)
		return vfp__fail(err, VFP_EINVAL, "%s has no CLIP%s text "
				 "encoder to adapt", r->pipeline->name,
				 j->train_text_encoder >= 2 ? " or T5" : "");
	return 0;
}

/* Where the trainer keeps the base: on each GPU, or with musubi-tuner's
 * --blocks_to_swap N (the last N blocks in host RAM, exchanged with
 * resident ones as the forward and backward reach them). */
static int train_placement(vfp_image_result *r, vfp_error *err)
{
	const vfp_image_job *j = &r->job;
	const vfp_image_component *d = r->pipeline->denoiser;
	long long n = (long long)vfp__image_block_count(d);

	r->placement = VFP_IMAGE_SINGLE;
	if (j->placement == VFP_IMAGE_AUTO || j->placement == VFP_IMAGE_SINGLE)
		return 0;
	if (j->placement != VFP_IMAGE_BLOCK_SWAP)
		return vfp__fail(err, VFP_EINVAL, "LoRA training is planned "
				 "with the base on each GPU (--placement "
				 "single) or block swap (--placement "
				 "block-swap), not %s",
				 vfp_image_placement_name(j->placement));
	if (!n || j->blocks_to_swap < 1 || j->blocks_to_swap > n)
		return vfp__fail(err, VFP_EINVAL, "block swap in training "
				 "needs --blocks-to-swap 1 to %lld (the "
				 "blocks of %s)", n, d->name);
	r->placement = VFP_IMAGE_BLOCK_SWAP;
	return 0;
}

/* musubi-tuner's ModelOffloader (modules/custom_offloading_utils.py
 * @30c658c4) swaps a resident block's weights with a host block's in
 * place (swap_weight_devices), so the GPU holds all but N blocks the
 * whole step, with no extra block visiting; the N blocks' bytes cross
 * PCIe each way in the forward and again in the backward (backward
 * hooks, create_backward_hook). */
static double swapped_out(vfp_image_result *r)
{
	double big;

	if (r->placement != VFP_IMAGE_BLOCK_SWAP)
		return 0;
	r->streamed_bytes = vfp__image_swapped_bytes(
		&r->parts[PART_DENOISER], r->job.blocks_to_swap, &big);
	r->resident_bytes = r->parts[PART_DENOISER].weights_bytes -
			    r->streamed_bytes;
	return r->streamed_bytes;
}

/* The adapters with their weights, gradients, optimizer state and EMA,
 * on the denoiser and the text encoders trained. */
static double adapter_state(vfp_image_result *r)
{
	const vfp_image_job *j = &r->job;
	const vfp_image_trainer_row *t = r->trainer_row;
	double per;

	r->lora_params = vfp__image_trainer_lora(r->pipeline->denoiser, t) *
			 j->lora_rank;
	r->te_lora_params = 0;
	for (int i = 0; i < PART_DENOISER; i++)
		if (te_trained(j, r->parts[i].c))
			r->te_lora_params += vfp__image_text_lora(
				r->parts[i].c, t->te_mlp) * j->lora_rank;
	per = vfp__image_adapter_bytes(t, r->optimizer) +
	      vfp__image_optimizer_bytes(r->optimizer, j->lora_rank) +
	      (t->ema ? 4 : 0);
	r->adapter_state_bytes = (r->lora_params + r->te_lora_params) * per;
	return r->adapter_state_bytes;
}

/* sd-scripts' --fp8_base stores the resident text encoders in fp8 too
 * (te_weight_dtype = float8_e4m3fn, train_network.py @881f8f01 lines
 * 524-546; CLIP's embeddings stay 16-bit, left out): half a 16-bit
 * encoder's bytes. */
static double kohya_fp8_te(const vfp_image_result *r)
{
	const vfp_image_job *j = &r->job;

	return j->trainer == VFP_IMAGE_KOHYA && j->quant == VFP_IMAGE_FP8 &&
			       vfp__image_bits(j->text_quant) >= 16
		       ? 0.5 : 1;
}

/* The text encoders when their outputs are not cached: resident, their
 * forward's peak before the denoiser's (encoded each step), or their
 * saved activations beside it (trained). */
static void text_memory(vfp_image_result *r, double *w, double *saved,
			double *before)
{
	const vfp_image_job *j = &r->job;
	image_shape s = train_shape(r);

	for (int i = 0; i < PART_DENOISER && !j->cache_text; i++) {
		const vfp_image_component *c = r->parts[i].c;
		image_shape ts = s;

		if (!c)
			continue;
		*w += r->parts[i].weights_bytes * kohya_fp8_te(r);
		r->parts[i].gpu = 0;
		ts.text_tokens = vfp__text_tokens(r, i);
		if (te_trained(j, c))
			*saved += te_saved(c, (double)ts.text_tokens, s.batch,
					   j->ckpt);
		else
			*before = fmax(*before, vfp__image_forward_peak(
				c, r->pipeline->vae, &ts, 2, 0));
	}
}

/* What one GPU holds: the frozen base, the adapters' state, the saved
 * activations, and the encoders that are not cached. */
static void train_memory(vfp_image_result *r, const vfp_db *db)
{
	const vfp_image_job *j = &r->job;
	const vfp_pipeline *pl = r->pipeline;
	image_shape s = train_shape(r);
	double w = r->parts[PART_DENOISER].weights_bytes - swapped_out(r);
	double a, extra_act = 0, te_act = 0;

	w += adapter_state(r);
	a = vfp__image_train_activations(pl->denoiser, pl->vae, &s, 2,
					 j->ckpt);
	for (int i = 0; i < r->n_parts; i++)
		r->parts[i].gpu = i == PART_DENOISER ? 0 : -1;
	text_memory(r, &w, &te_act, &extra_act);
	a += te_act;
	if (!j->cache_latents) {
		w += r->parts[PART_VAE].weights_bytes;
		r->parts[PART_VAE].gpu = 0;
		extra_act = fmax(extra_act,
				 vfp__vae_encode_peak(pl->vae, &s, 2, 0));
	}
	r->parts[PART_DENOISER].peak_bytes = a;
	r->fits = 1;
	r->copies = r->n_gpus;
	for (int g = 0; g < r->n_gpus; g++) {
		vfp_image_gpu *q = &r->gpus[g];
		q->weights_bytes = w;
		q->activation_bytes = fmax(a, extra_act);
		q->slack_bytes = db->allocator_slack * (w + a);
		q->context_bytes = (double)db->cuda_reserve_bytes;
		q->reserve_bytes = q->slack_bytes + q->context_bytes;
		q->total_bytes = w + q->activation_bytes + q->reserve_bytes;
		q->usable_bytes = (double)q->gpu->vram_bytes;
	}
	r->busiest = 0;
}

/* A sample image during training (--sample-every N): the pipeline's
 * inference at the training resolution, batch 1, the trainer's sample
 * steps, then the VAE decode; the text encoders run for it unless the
 * trainer cached the sample prompts with the rest (sd-scripts). The
 * training's saved activations are freed by then; the VAE, and text
 * encoders that were not resident, come onto the GPU. */
static int sample_needs_text(const vfp_image_result *r)
{
	return !r->trainer_row->sample_text_cached || !r->job.cache_text;
}

static void sample_memory(vfp_image_result *r, const vfp_db *db)
{
	const vfp_image_job *j = &r->job;
	const vfp_pipeline *pl = r->pipeline;
	vfp_image_gpu *q = &r->gpus[0];
	image_shape s = train_shape(r);
	double grads = (r->lora_params + r->te_lora_params) *
		       vfp__image_adapter_bytes(r->trainer_row, r->optimizer) / 2;
	double w = q->weights_bytes - grads, a, total; /* zero_grad(None) */

	s.batch = pl->cfg ? 2 : 1;
	a = vfp__image_forward_peak(pl->denoiser, pl->vae, &s,
				    2, j->math_attention);
	s.batch = 1;
	if (j->cache_latents)
		w += r->parts[PART_VAE].weights_bytes;
	a = fmax(a, vfp__vae_decode_peak(pl->vae, &s, 2, j->vae_tile));
	for (int i = 0; i < PART_DENOISER && sample_needs_text(r); i++) {
		image_shape ts = s;
		if (!r->parts[i].c)
			continue;
		if (j->cache_text)
			w += r->parts[i].weights_bytes;
		ts.text_tokens = vfp__text_tokens(r, i);
		a = fmax(a, vfp__image_forward_peak(r->parts[i].c, pl->vae,
						    &ts, 2, 0));
	}
	total = w + a + db->allocator_slack * (w + a) + q->context_bytes;
	r->sample_peak_bytes = total;
	if (total <= q->total_bytes)
		return;
	for (int g = 0; g < r->n_gpus; g++) {
		vfp_image_gpu *p = &r->gpus[g];
		p->weights_bytes = w;
		p->activation_bytes = a;
		p->slack_bytes = db->allocator_slack * (w + a);
		p->reserve_bytes = p->slack_bytes + p->context_bytes;
		p->total_bytes = total;
	}
}

static double sample_time(vfp_image_result *r, const vfp_db *db)
{
	const vfp_image_job *j = &r->job;
	const vfp_pipeline *pl = r->pipeline;
	const vfp_gpu *g = r->gpus[0].gpu;
	image_shape s = train_shape(r);
	double steps = r->trainer_row->sample_steps > 0
			       ? (double)r->trainer_row->sample_steps
			       : (double)j->steps;
	double t;

	s.batch = pl->cfg ? 2 : 1;
	t = steps * (vfp__image_forward_seconds(r, db, pl->denoiser, &s, 1,
						NULL) +
		     vfp__image_cast_seconds(&r->parts[PART_DENOISER], g));
	s.batch = 1;
	t += vfp__vae_decode_flops(pl->vae, &s) /
	     (g->bf16_flops * vfp__mamf(db, g));
	for (int i = 0; i < PART_DENOISER && sample_needs_text(r); i++)
		if (r->parts[i].c) {
			image_shape ts = s;
			ts.text_tokens = vfp__text_tokens(r, i);
			t += vfp__image_forward_seconds(r, db, r->parts[i].c,
							&ts, 1, NULL);
		}
	return t;
}

/* The text encoders' share of a micro-step when not cached: a forward
 * each; a trained one also its backward (input gradients through frozen
 * weights, about a forward) and, checkpointed, the recompute. */
static double text_time(vfp_image_result *r, const vfp_db *db,
			const image_shape *s)
{
	const vfp_image_job *j = &r->job;
	double t = 0;

	for (int i = 0; i < PART_DENOISER && !j->cache_text; i++)
		if (r->parts[i].c) {
			image_shape ts = *s;
			double passes = te_trained(j, r->parts[i].c)
						? 2 + (j->ckpt ? 1 : 0) : 1;
			ts.text_tokens = vfp__text_tokens(r, i);
			t += vfp__image_forward_seconds(r, db, r->parts[i].c,
							&ts, passes, NULL);
		}
	return t;
}

/* A step: the forward, the backward through the frozen base (input
 * gradients only: its weights need none, so about one forward's FLOPs,
 * not two), the recompute with checkpointing; the encoders' forwards when
 * not cached; DDP's all-reduce of the fp32 adapter gradients; a sample
 * image every N steps, its time spread over them. The host bound takes
 * a forward's kernels at the forward's time a kernel for every pass
 * (image.h): high for the backward, which autograd's C++ engine issues,
 * and never the bound in the LoRA jobs validated (their steps are
 * seconds of GPU work). */
static void train_time(vfp_image_result *r, const vfp_db *db)
{
	const vfp_image_job *j = &r->job;
	const vfp_pipeline *pl = r->pipeline;
	const vfp_gpu *g = r->gpus[0].gpu;
	image_shape s = train_shape(r);
	double passes = 2 + (j->ckpt ? 1 : 0), t, n = r->n_gpus;
	double grads = r->lora_params + r->te_lora_params;

	r->step_flops = passes * vfp__image_forward_flops(pl->denoiser,
							   pl->vae, &s);
	t = vfp__image_forward_seconds(r, db, pl->denoiser, &s, passes,
				       &r->host_bound);
	t += passes * vfp__image_cast_seconds(&r->parts[PART_DENOISER], g);
	t += text_time(r, db, &s);
	if (!j->cache_latents)
		t += vfp__vae_encode_flops(pl->vae, &s) /
		     (g->bf16_flops * vfp__mamf(db, g));
	/* block swap: the two passes' transfers, in a thread beside the
	 * blocks' compute (musubi's ThreadPoolExecutor); the slower of the
	 * two (full overlap, an assumption a timed musubi run would settle) */
	t = fmax(t, 2 * r->streamed_bytes / vfp__pcie_bw(g));
	t *= j->grad_accum;
	if (n > 1)
		t += 2 * grads * 4 * (n - 1) / n / vfp__pcie_bw(g);
	if (j->sample_every > 0) {
		r->sample_seconds = sample_time(r, db);
		t += r->sample_seconds / j->sample_every;
	}
	r->train_step_seconds = t;
	r->train_images_per_second = n * j->train_batch * j->grad_accum / t;
	r->latent_tokens = vfp__latent_tokens(pl->denoiser, pl->vae, &s);
}

int vfp__image_train(vfp_image_result *r, const vfp_db *db, vfp_error *err)
{
	int rc;

	if ((rc = train_placement(r, err)) ||
	    (rc = resolve_trainer(r, db, err)))
		return rc;
	train_memory(r, db);
	if (r->job.sample_every > 0)
		sample_memory(r, db);
	train_time(r, db);
	/* the weights' slack is given back before an OOM, as at inference
	 * (image_place.c elastic) */
	for (int g = 0; g < r->n_gpus; g++)
		r->gpus[g].elastic_bytes =
			db->allocator_slack * r->gpus[g].weights_bytes;
	r->fits = r->gpus[0].total_bytes - r->gpus[0].elastic_bytes <=
		  r->gpus[0].usable_bytes;
	if (!r->fits)
		vfp__snprintf(r->refusal, sizeof(r->refusal),
			      "LoRA training of %s needs %.1f GB per GPU, "
			      "which has %.1f GB", r->pipeline->name,
			      r->gpus[0].total_bytes / 1e9,
			      r->gpus[0].usable_bytes / 1e9);
	return 0;
}
