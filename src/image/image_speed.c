/*
 * image_speed.c - seconds per image: text encoding, the denoising steps,
 * the VAE's decode, the offload transfers and, across GPUs, the
 * all-to-alls of sequence parallelism; images per hour and the bill
 * (docs/image.md, "Speed").
 */
#include "image/image.h"
#include "train/train.h"

#include <math.h>
#include <string.h>

/* The dense 16-bit rate the GEMMs reach: the datasheet's peak times the
 * GPU's measured MAMF share (hwdb/gpus/, or hwdb/defaults.yaml). GeForce
 * peaks in hwdb are already the FP32-accumulate ones PyTorch uses. */
static double gemm_rate(const vfp_db *db, const vfp_gpu *g,
			const vfp_image_job *j)
{
	double peak = j->quant == VFP_IMAGE_FP32 ? g->fp32_flops
		      : g->bf16_flops > 0 ? g->bf16_flops : g->fp16_flops;

	return peak * vfp__mamf(db, g);
}

/* Weights stored below 16 bits are made 16-bit again at every forward:
 * ComfyUI's comfy/ops.py cast_bias_weight casts fp8 weights to the
 * compute dtype layer by layer, ComfyUI-GGUF dequantises each GGUF
 * tensor in PyTorch (dequant.py), bitsandbytes dequantises NF4 before its
 * GEMM past one token. Each weight is read at its own size, written at
 * two bytes and read again by the GEMM. */
static double cast_seconds(const vfp_image_part *p, const vfp_gpu *g)
{
	double bits = p->params > 0 ? p->weights_bytes * 8 / p->params : 16;

	if (bits >= 16 || g->mem_bw_bytes_per_s <= 0)
		return 0;
	return p->params * (bits / 8 + 4) / g->mem_bw_bytes_per_s;
}

/* xDiT's Ulysses sequence parallelism (Fang et al. 2024, arXiv
 * 2405.14430, §3): each attention layer's q, k, v and output go through
 * an all-to-all, every GPU sending (n-1)/n of its share of the tokens. */
static double ulysses_seconds(const vfp_image_result *r, const vfp_db *db)
{
	const vfp_image_component *d = r->pipeline->denoiser;
	const vfp_gpu *g = r->gpus[0].gpu;
	const vfp_link *l = NULL;
	image_shape s = vfp__denoiser_shape(r);
	double n = r->n_gpus, layers = (double)(d->layers + d->single_layers);
	double tokens = vfp__latent_tokens(d, r->pipeline->vae, &s) +
			(r->pipeline->text_in_stream ? s.text_tokens : 0);
	double bytes, bw;

	if (g->default_link && vfp_db_find_link(&l, db, g->default_link, NULL))
		l = NULL;
	bw = l ? l->bw_bytes_per_s : vfp__pcie_bw(g);
	bytes = 4 * tokens * s.batch * (double)d->hidden * 2 / n * (n - 1) / n;
	return layers * bytes / bw;
}

/* One step of the denoiser: its FLOPs at the rate, its weights cast. */
static double step_seconds(vfp_image_result *r, const vfp_db *db)
{
	const vfp_pipeline *pl = r->pipeline;
	const vfp_gpu *g = r->gpus[0].gpu;
	image_shape s = vfp__denoiser_shape(r);
	double passes = 1, n = r->placement == VFP_IMAGE_PARALLEL
				       ? r->n_gpus : 1;

	/* WebUI's low-memory modes run cond and uncond apart */
	if (r->cfg && (r->placement == VFP_IMAGE_MEDVRAM ||
		       r->placement == VFP_IMAGE_LOWVRAM)) {
		s.batch /= 2;
		passes = 2;
	}
	r->step_flops = passes * vfp__image_forward_flops(pl->denoiser,
							   pl->vae, &s);
	r->latent_tokens = vfp__latent_tokens(pl->denoiser, pl->vae, &s);
	r->comm_seconds = n > 1 ? ulysses_seconds(r, db) : 0;
	return r->step_flops / n / gemm_rate(db, g, &r->job) +
	       passes * cast_seconds(&r->parts[PART_DENOISER], g) +
	       r->comm_seconds;
}

static double text_seconds(vfp_image_result *r, const vfp_db *db)
{
	const vfp_gpu *g = r->gpus[0].gpu;
	double t = 0;

	for (int i = 0; i < PART_DENOISER; i++) {
		vfp_image_part *p = &r->parts[i];
		image_shape s = {r->job.width, r->job.height, 1,
				 r->pipeline->text_tokens[i],
				 (double)r->job.batch * (r->cfg ? 2 : 1)};
		if (!p->c)
			continue;
		p->flops = vfp__image_forward_flops(p->c, NULL, &s);
		p->seconds = p->flops / gemm_rate(db, g, &r->job) +
			     cast_seconds(p, g);
		t += p->seconds;
	}
	return t;
}

void vfp__image_speed(vfp_image_result *r, const vfp_db *db)
{
	const vfp_gpu *g = r->gpus[0].gpu;
	vfp_image_part *d = &r->parts[PART_DENOISER], *v = &r->parts[PART_VAE];
	image_shape s = vfp__denoiser_shape(r);
	double steps = (double)r->job.steps;

	s.batch = r->job.batch;
	r->text_seconds = text_seconds(r, db);
	r->step_seconds = step_seconds(r, db);
	r->denoise_seconds = steps * r->step_seconds;
	d->flops = steps * r->step_flops;
	d->seconds = r->denoise_seconds;
	v->flops = vfp__vae_decode_flops(r->pipeline->vae, &s);
	v->seconds = v->flops / gemm_rate(db, g, &r->job);
	r->vae_seconds = v->seconds;
	r->transfer_seconds = r->transfer_bytes / vfp__pcie_bw(g);
	r->latency_seconds = r->text_seconds + r->denoise_seconds +
			     r->vae_seconds + r->transfer_seconds;
	r->seconds_per_image = r->latency_seconds / r->job.batch;
	r->images_per_hour = r->latency_seconds > 0
		? 3600.0 * r->copies * r->job.batch / r->latency_seconds : 0;
}

/* The machine's price: the offer's, the user's per GPU-hour, or the sum
 * of the GPUs' reference prices (docs/cost.md); per 1,000 images at the
 * images per hour (or training images per second). */
void vfp__image_cost(vfp_image_result *r, const vfp_db *db)
{
	vfp_cost *c = &r->cost;
	const vfp_image_job *j = &r->job;
	double per_hour = 0, per_s;
	int n = 0;

	if (c->offer) {
		c->basis = VFP_PRICE_OFFER;
		c->price_currency = c->offer->currency;
		per_hour = c->offer->price_per_hour;
	} else if (j->price_per_gpu_hour > 0) {
		c->basis = VFP_PRICE_USER;
		c->price_currency = j->currency ? j->currency : "EUR";
		per_hour = j->price_per_gpu_hour * j->gpu_count;
	} else {
		double p = vfp__reference_price(db, r->gpus[0].gpu, &n);
		c->basis = p > 0 ? VFP_PRICE_REFERENCE : VFP_PRICE_NONE;
		c->price_currency = "EUR";
		c->reference_offers = n;
		per_hour = p * j->gpu_count;
	}
	if (c->basis == VFP_PRICE_NONE)
		return;
	c->currency = j->currency ? j->currency : c->price_currency;
	c->rate = vfp__exchange(db, c->price_currency, c->currency,
				&c->rate_date);
	c->price_per_hour = per_hour * c->rate;
	per_s = j->lora_rank > 0 ? r->train_images_per_second
				 : r->images_per_hour / 3600;
	if (per_s > 0) {
		r->cost_per_1000_images = c->price_per_hour / 3600 / per_s * 1e3;
		c->total = r->cost_per_1000_images * (double)j->images / 1e3;
		c->billed_minutes = (double)j->images / per_s / 60;
	}
}
