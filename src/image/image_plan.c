/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * image_plan.c - an image job resolved (pipeline, GPUs, shape, formats)
 * and checked, its components listed, then placed, timed and billed:
 * vfp_image(). Reads no file and allocates nothing.
 */
#include "image/image.h"

#include <math.h>
#include <string.h>

static const char *const roles[VFP_IMAGE_MAX_PARTS] = {
	"text_encoder", "text_encoder_2", "text_encoder_3", "text_encoder_4",
	"denoiser", "vae", "refiner"};

/* The grid the latents are cut in: the VAE's factor times the patch. */
static int64_t grid(const vfp_pipeline *pl)
{
	int64_t down = (int64_t)vfp__image_downsample(pl->vae);
	int64_t patch = pl->denoiser->patch > 0 ? pl->denoiser->patch : 1;

	return down * patch;
}

/* max_sequence_length sets a T5's or an LLM encoder's prompt: diffusers'
 * FLUX and SD3 pipelines refuse more than 512 (pipeline_flux.py
 * check_inputs); FLUX.2's pads its Mistral prompt to it. */
static int has_t5(const vfp_pipeline *pl)
{
	for (int i = 0; i < VFP_IMAGE_TEXT_ENCODERS; i++)
		if (pl->text_encoder[i] &&
		    vfp__image_is_long_text(pl->text_encoder[i]))
			return 1;
	return 0;
}

static int check_prompt(const vfp_image_result *r, vfp_error *err)
{
	if (r->job.max_sequence_length == 0)
		return 0;
	if (r->job.max_sequence_length < 1 || r->job.max_sequence_length > 512)
		return vfp__fail(err, VFP_EINVAL, "max_sequence_length must be "
				 "from 1 to 512 tokens, not %d",
				 r->job.max_sequence_length);
	if (has_t5(r->pipeline))
		return 0;
	return vfp__fail(err, VFP_EINVAL, "max_sequence_length "
				 "sets a T5 or LLM encoder's prompt; %s has "
				 "neither",
				 r->pipeline->name);
}

/* channels_last is the UNet's (vfp__image_channels_last_bytes), and
 * counted for generation only. */
static int check_memory_format(const vfp_image_result *r, vfp_error *err)
{
	if (!r->job.channels_last)
		return 0;
	if (r->pipeline->denoiser->cls != VFP_IMAGE_UNET)
		return vfp__fail(err, VFP_EINVAL, "channels_last converts a "
				 "UNet's convolutions; %s's denoiser has none",
				 r->pipeline->name);
	if (r->job.lora_rank > 0)
		return vfp__fail(err, VFP_EINVAL, "channels_last is modelled "
				 "for generation, not LoRA training");
	return 0;
}

/* HiDreamImagePipeline rescales every size to the area of its default
 * (S_max = (128 x 8)², pipeline_hidream_image.py @58eb52c0, lines
 * 828-832), keeping the aspect in multiples of 16: another area is not
 * what it runs. */
static int check_rescaled(const vfp_image_result *r, vfp_error *err)
{
	const vfp_image_job *j = &r->job;
	const vfp_pipeline *pl = r->pipeline;
	int64_t g = grid(pl), w, h;
	double scale;

	if (pl->denoiser->cls != VFP_IMAGE_HIDREAM)
		return 0;
	scale = sqrt((double)(pl->width * pl->height) /
		     ((double)j->width * (double)j->height));
	w = (int64_t)floor((double)j->width * scale / (double)g) * g;
	h = (int64_t)floor((double)j->height * scale / (double)g) * g;
	if (w == j->width && h == j->height)
		return 0;
	return vfp__fail(err, VFP_EINVAL, "%s's pipeline rescales every size "
			 "to the area of %lldx%lld: %lldx%lld would run as "
			 "%lldx%lld", pl->name, (long long)pl->width,
			 (long long)pl->height, (long long)j->width,
			 (long long)j->height, (long long)w, (long long)h);
}

static int check_shape(const vfp_image_result *r, vfp_error *err)
{
	const vfp_image_job *j = &r->job;
	int64_t g = grid(r->pipeline);
	int rc;

	if (j->width < g || j->height < g || j->width > 16384 ||
	    j->height > 16384)
		return vfp__fail(err, VFP_EINVAL, "resolution %lldx%lld: "
				 "each side from %lld to 16384 pixels",
				 (long long)j->width, (long long)j->height,
				 (long long)g);
	if (j->width % g || j->height % g)
		return vfp__fail(err, VFP_EINVAL, "resolution %lldx%lld is not "
				 "a multiple of %s's latent grid, %lld pixels "
				 "(the VAE's %lld x the patch %lld)",
				 (long long)j->width, (long long)j->height,
				 r->pipeline->name, (long long)g,
				 (long long)(g / (r->pipeline->denoiser->patch
						  > 0 ? r->pipeline->denoiser
								->patch : 1)),
				 (long long)(r->pipeline->denoiser->patch > 0
					     ? r->pipeline->denoiser->patch : 1));
	if ((rc = check_rescaled(r, err)) ||
	    (rc = vfp__video_check_frames(r, err)))
		return rc;
	if (j->frames < 1 || j->frames > 1024 ||
	    (r->pipeline->vae->cls == VFP_IMAGE_VAE_WAN && (j->frames - 1) % 4))
		return vfp__fail(err, VFP_EINVAL, "%lld frames: %s",
				 (long long)j->frames,
				 r->pipeline->vae->cls == VFP_IMAGE_VAE_WAN
					 ? "Wan's VAE takes 4k + 1 (81, 49 ...)"
					 : "from 1 to 1024");
	if (j->frames > 1 && strcmp(r->pipeline->kind, "video") != 0)
		return vfp__fail(err, VFP_EINVAL, "%s makes images: --frames "
				 "is for a video pipeline", r->pipeline->name);
	return 0;
}

static int check_counts(const vfp_image_job *j, vfp_error *err)
{
	if (j->steps < 1 || j->steps > 10000)
		return vfp__fail(err, VFP_EINVAL, "steps must be from 1 to "
				 "10000, not %lld", (long long)j->steps);
	if (j->batch < 1 || j->batch > 4096 || j->train_batch < 1 ||
	    j->train_batch > 4096)
		return vfp__fail(err, VFP_EINVAL, "a batch must be from 1 to "
				 "4096 images");
	if (j->gpu_count < 1 || j->gpu_count > VFP_IMAGE_MAX_GPUS)
		return vfp__fail(err, VFP_EINVAL, "between 1 and %d GPUs, "
				 "please", VFP_IMAGE_MAX_GPUS);
	if (j->grad_accum < 1 || j->grad_accum > 65536)
		return vfp__fail(err, VFP_EINVAL, "grad_accum must be from 1 "
				 "to 65536");
	if (j->lora_rank < 0 || j->lora_rank > 4096)
		return vfp__fail(err, VFP_EINVAL, "a LoRA rank from 1 to 4096");
	if (j->vae_tile < 0 || (j->vae_tile > 0 && j->vae_tile < 64))
		return vfp__fail(err, VFP_EINVAL, "a VAE tile of at least 64 "
				 "pixels");
	if (j->math_attention && j->xformers_attention)
		return vfp__fail(err, VFP_EINVAL, "math attention and xformers "
				 "are two attention implementations: pick one");
	if (!(j->torch_version == 0 ||
	      (j->torch_version >= 1 && j->torch_version < 100)))
		return vfp__fail(err, VFP_EINVAL, "a PyTorch release is a "
				 "version such as 2.7");
	if (!(j->price_per_gpu_hour >= 0 && j->price_per_gpu_hour < 1e6) ||
	    j->images < 1 || j->images > (int64_t)1e12)
		return vfp__fail(err, VFP_EINVAL, "bad price or image count");
	if ((unsigned)j->quant >= VFP_IMAGE_QUANT_COUNT_ ||
	    (unsigned)j->text_quant >= VFP_IMAGE_QUANT_COUNT_ ||
	    (unsigned)j->placement >= VFP_IMAGE_PLACEMENT_COUNT_)
		return vfp__fail(err, VFP_EINVAL, "bad format or placement");
	return 0;
}

static int resolve_gpu(vfp_image_result *r, const vfp_db *db,
		       vfp_error *err)
{
	vfp_image_job *j = &r->job;
	const vfp_gpu *g;
	int rc;

	if (j->offer) {
		const vfp_offer *o;
		if ((rc = vfp__find_offer(&o, db, j->offer, err)))
			return rc;
		j->gpu = o->gpu->name;
		j->gpu_count = o->count;
		r->cost.offer = o;
	}
	if (!j->gpu)
		return vfp__fail(err, VFP_EINVAL, "no GPUs given (--gpus "
				 "2xRTX3090 or --offer ID)");
	if ((rc = vfp_db_find_gpu(&g, db, j->gpu, err)))
		return rc;
	if (j->gpu_count < 1 || j->gpu_count > VFP_IMAGE_MAX_GPUS)
		return vfp__fail(err, VFP_EINVAL, "between 1 and %d GPUs, "
				 "please", VFP_IMAGE_MAX_GPUS);
	r->n_gpus = j->gpu_count;
	for (int i = 0; i < r->n_gpus; i++)
		r->gpus[i].gpu = g;
	return 0;
}

/* The job's unset figures from the pipeline's card. */
static void defaults(vfp_image_result *r)
{
	vfp_image_job *j = &r->job;
	const vfp_pipeline *pl = r->pipeline;

	if (j->width == 0)
		j->width = pl->width;
	if (j->height == 0)
		j->height = pl->height;
	if (j->frames == 0)
		j->frames = pl->frames > 0 ? pl->frames : 1;
	if (j->steps == 0)
		j->steps = pl->steps;
	r->cfg = j->cfg < 0 ? pl->cfg : j->cfg > 0;
}

/* The format each part is stored in: the denoiser at --quant, T5 or an
 * LLM encoder at --text-quant (ComfyUI's t5xxl_fp8_e4m3fn; FLUX.2's
 * Mistral in NF4 as diffusers' FLUX.2 guide), CLIP and the VAE at 16
 * bits as every loader keeps them; the SDXL pipelines' fp16 VAE in fp32
 * for its decode (vae_upcast). */
static double part_bits(const vfp_image_result *r, int role,
			const vfp_image_component *c)
{
	const vfp_image_job *j = &r->job;

	if (role == PART_DENOISER)
		return vfp__wan_official_fp32_dit(r) ? 32
						     : vfp__image_bits(j->quant);
	if (vfp__image_is_long_text(c))
		return vfp__image_bits(j->text_quant);
	if (j->quant == VFP_IMAGE_FP32 ||
	    (role == PART_VAE && vfp__vae_fp32(r)))
		return 32;
	return 16;
}

/* transformers keeps T5's FFN output projections (`wo`, d_ff x d_model
 * in every layer) in fp32 when it loads the model in fp16 or through
 * bitsandbytes: T5PreTrainedModel._keep_in_fp32_modules = ["wo"]
 * (models/t5/modeling_t5.py), honoured by from_pretrained for float16 and
 * by quantizers with use_keep_in_fp32_modules (quantizer_bnb_4bit.py,
 * quantizer_bnb_8bit.py: LLM.int8 too). */
static double t5_wo_params(const vfp_image_component *c)
{
	return (double)c->layers * (double)c->ffn * (double)c->hidden;
}

static double t5_bytes(const vfp_image_component *c, double params,
		       vfp_image_quant q)
{
	double wo = t5_wo_params(c);

	if (q != VFP_IMAGE_FP16 && q != VFP_IMAGE_NF4 &&
	    q != VFP_IMAGE_INT8_BNB)
		return params * vfp__image_bits(q) / 8;
	return (params - wo) * vfp__image_bits(q) / 8 + wo * 4;
}

/* bitsandbytes leaves an LLM's embeddings and its output head unquantised
 * (transformers' bnb quantizers skip get_keys_to_not_convert's lm_head;
 * nn.Embedding is not a Linear): vocab x hidden at 16 bits under NF4,
 * twice when the head is not tied to the embeddings. */
static double llm_kept_params(const vfp_image_component *c,
			      vfp_image_quant q)
{
	if (c->cls != VFP_IMAGE_LLM_TEXT ||
	    (q != VFP_IMAGE_NF4 && q != VFP_IMAGE_INT8_BNB))
		return 0;
	return (c->tied_embeddings ? 1 : 2) * (double)c->vocab *
	       (double)c->hidden;
}

/* What a part's forward moves to make its stored weights 16-bit again
 * (vfp__image_cast_bytes): every weight below 16 bits, less those its
 * format keeps at 16 (layerwise casting's skip patterns, T5's fp32 `wo`
 * under bitsandbytes). */
static double cast_bytes(const vfp_image_result *r, int role,
			 const vfp_image_part *p)
{
	const vfp_image_component *c = p->c;
	vfp_image_quant q = role == PART_DENOISER || role == PART_REFINER
				    ? r->job.quant
			    : vfp__image_is_long_text(c) ? r->job.text_quant
							  : VFP_IMAGE_BF16;
	double n = p->params;

	if (q == VFP_IMAGE_FP8_LAYERWISE)
		n -= vfp__image_layerwise_kept_params(c);
	if (c->cls == VFP_IMAGE_T5 &&
	    (q == VFP_IMAGE_NF4 || q == VFP_IMAGE_INT8_BNB))
		n -= t5_wo_params(c);
	n -= llm_kept_params(c, q);
	return fmax(0, n) * vfp__image_cast_bytes(q);
}

/* Of n steps, those whose timestep falls below the boundary: the
 * UniPC scheduler's flow sigmas, linspace(1, 1/1000, n + 1)[:-1] shifted
 * to shift·s / (1 + (shift - 1)·s), times 1000 (scheduling_unipc_
 * multistep.py set_timesteps, diffusers 58eb52c0); WanPipeline gives
 * transformer_2 each t < boundary_ratio x 1000 (pipeline_wan.py
 * @58eb52c0, the denoising loop). */
int64_t vfp__expert_2_steps(int64_t n, double boundary, double shift)
{
	int64_t low = 0;

	if (shift <= 0)
		shift = 1;
	for (int64_t i = 0; i < n; i++) {
		double s = 1 - (double)i * (1 - 1e-3) / (double)n;
		double t = 1000 * shift * s / (1 + (shift - 1) * s);
		low += t < boundary * 1000;
	}
	return low;
}

/* Wan 2.2 A14B's low-noise expert: a second denoiser of the same size
 * the pipeline always loads (transformer_2), running the late steps. */
static void add_expert_2(vfp_image_result *r)
{
	vfp_image_part *p = &r->parts[PART_REFINER];
	const vfp_pipeline *pl = r->pipeline;

	memset(p, 0, sizeof(*p));
	p->role = "denoiser_2";
	p->c = pl->denoiser_2;
	p->params = vfp__image_params(p->c);
	p->weights_bytes = p->params * vfp__image_bits(r->job.quant) / 8;
	p->cast_bytes = cast_bytes(r, PART_REFINER, p);
	r->n_parts = PART_REFINER + 1;
	r->refiner_steps = vfp__expert_2_steps(r->job.steps,
					       pl->boundary_ratio,
					       pl->flow_shift);
}

/* The refiner's UNet, from the pipeline the base names. */
static int add_refiner(vfp_image_result *r, const vfp_db *db,
		       vfp_error *err)
{
	const vfp_pipeline *ref;
	vfp_image_part *p = &r->parts[PART_REFINER];
	int rc;

	if (r->pipeline->denoiser_2 && !r->job.refiner) {
		add_expert_2(r);
		return 0;
	}
	if (!r->job.refiner)
		return 0;
	if (!r->pipeline->refiner)
		return vfp__fail(err, VFP_EINVAL, "%s has no refiner (SDXL "
				 "base has: sdxl-refiner)", r->pipeline->name);
	if ((rc = vfp_db_find_pipeline(&ref, db, r->pipeline->refiner, err)))
		return rc;
	memset(p, 0, sizeof(*p));
	p->role = roles[PART_REFINER];
	p->c = ref->denoiser;
	p->params = vfp__image_params(p->c);
	if (!(p->params > 0))
		p->params = p->c->card_params;
	p->weights_bytes = p->params * vfp__image_bits(r->job.quant) / 8;
	p->cast_bytes = cast_bytes(r, PART_REFINER, p);
	r->n_parts = PART_REFINER + 1;
	r->refiner_steps = r->job.steps -
			   (int64_t)(r->job.steps * REFINER_START + 0.5);
	return 0;
}

/* LoRA adapters loaded unfused (image_compute.c counts what they cost):
 * rank x (in + out) per adapted Linear, one A and one B each (diffusers'
 * load_lora_weights keeps PEFT LoraLayers until fuse_lora()), on the
 * trainer's targets (--trainer; kohya's every Linear of the blocks);
 * their share of all the Linears' in + out. */
static void adapters(vfp_image_result *r, const vfp_image_component *c)
{
	const vfp_image_job *j = &r->job;
	int rank = j->adapter_rank > 0 ? j->adapter_rank : 16;
	double all = vfp__image_lora_params_for(c, 1, VFP_IMAGE_KOHYA);

	r->adapter_params = j->lora_adapters > 0
		? (double)j->lora_adapters *
			  vfp__image_lora_params_for(c, rank, j->trainer)
		: 0;
	r->adapter_share = all > 0 ? vfp__image_lora_params_for(c, 1,
								j->trainer) /
					     all
				   : 0;
	if (j->lora_adapters > 0)
		r->adapter_params += (double)j->lora_adapters * rank *
				     vfp__image_adapter_conv(r, c, NULL).params;
}

static void list_parts(vfp_image_result *r)
{
	const vfp_pipeline *pl = r->pipeline;

	r->n_parts = 0;
	for (int i = 0; i <= PART_VAE; i++) {
		const vfp_image_component *c =
			i < PART_DENOISER ? pl->text_encoder[i]
			: i == PART_DENOISER ? pl->denoiser : pl->vae;
		vfp_image_part *p = &r->parts[i];
		double n;

		memset(p, 0, sizeof(*p));
		p->role = roles[i];
		p->c = vfp__image_part_dropped(&r->job, c) ? NULL : c;
		if (!p->c)
			continue;
		n = vfp__image_params(c);
		p->params = n > 0 ? n : c->card_params;
		p->weights_bytes = c->cls == VFP_IMAGE_T5
			? t5_bytes(c, p->params, r->job.text_quant)
			: p->params * part_bits(r, i, c) / 8;
		if (i < PART_DENOISER)
			p->weights_bytes +=
				llm_kept_params(c, r->job.text_quant) *
				(16 - part_bits(r, i, c)) / 8;
		p->cast_bytes = cast_bytes(r, i, p);
		if (i == PART_DENOISER &&
		    r->job.quant == VFP_IMAGE_FP8_LAYERWISE)
			p->weights_bytes += vfp__image_layerwise_kept_params(c);
		/* unfused LoRA adapters, bf16 beside the denoiser */
		if (i == PART_DENOISER) {
			adapters(r, c);
			p->weights_bytes += 2 * r->adapter_params;
		}
		r->n_parts = i + 1;
	}
}

/* The placements that leave weights in host RAM between their uses. */
static int on_host(vfp_image_placement p)
{
	return p == VFP_IMAGE_OFFLOAD || p == VFP_IMAGE_SEQUENTIAL ||
	       p == VFP_IMAGE_PARALLEL_OFFLOAD ||
	       p == VFP_IMAGE_MEDVRAM || p == VFP_IMAGE_LOWVRAM ||
	       vfp__image_is_streamed(p);
}

static int is_16bit(vfp_image_quant q)
{
	return q == VFP_IMAGE_BF16 || q == VFP_IMAGE_FP16 || q == VFP_IMAGE_FP32;
}

static void take_faster(vfp_image_result *r, const vfp_image_job *j,
			const vfp_image_result *t)
{
	r->has_faster = 1;
	r->faster_quant = j->quant;
	r->faster_text_quant = j->text_quant;
	r->faster_placement = t->placement;
	r->faster_images_per_hour = t->images_per_hour;
	r->faster_peak_bytes = t->gpus[t->busiest].total_bytes;
	r->faster_train_step_seconds = t->train_step_seconds;
}

/* LoRA training that does not fit with a 16-bit base: the trainers'
 * smaller bases, 8-bit before 4-bit: Kohya's --fp8_base and ai-toolkit's
 * quantize (fp8 weights, bf16 compute), then QLoRA's bitsandbytes NF4
 * (diffusers' flux_lora_quantization). The first that fits is offered. */
static void smaller_base(vfp_image_result *r, const vfp_db *db)
{
	static const vfp_image_quant q[] = {VFP_IMAGE_FP8, VFP_IMAGE_NF4};
	vfp_image_result t;
	vfp_image_job j;
	vfp_error e;

	if (r->fits || !is_16bit(r->job.quant))
		return;
	for (size_t i = 0; i < sizeof(q) / sizeof(q[0]); i++) {
		j = r->job;
		j.quant = q[i];
		if (vfp__image_plan(&t, db, &j, 0, &e) || !t.fits)
			continue;
		take_faster(r, &j, &t);
		return;
	}
}

/* Where auto leaves 16-bit weights on the host, or nothing fits, the
 * formats users reach for next may hold them on the GPUs, 8-bit before
 * 4-bit: an fp8 denoiser (ComfyUI's fp8_e4m3fn, diffusers' layerwise
 * casting), with the T5 in fp8 too (t5xxl_fp8_e4m3fn), then NF4
 * (bitsandbytes), with that T5, then with the text encoder in NF4 too
 * (the diffusers FLUX.2 recipe's 4-bit Mistral). The first that keeps the
 * weights on the GPUs is offered when it gives a fifth more images per
 * hour (vfplan's rule: a smaller gain is within the speed account's
 * error, docs/image.md "Validation"); where none does, the one with the
 * most images per hour among those that give a fifth more with their
 * weights on the host. One pass: an on-host candidate is taken while
 * none on the GPUs has been, the first on the GPUs ends the search. */
static void faster_format(vfp_image_result *r, const vfp_db *db)
{
	static const struct {
		vfp_image_quant quant;
		int text; /* the text encoder's format, -1 as it is */
	} q[] = {{VFP_IMAGE_FP8, -1}, {VFP_IMAGE_FP8, VFP_IMAGE_FP8},
		 {VFP_IMAGE_NF4, -1}, {VFP_IMAGE_NF4, VFP_IMAGE_FP8},
		 {VFP_IMAGE_NF4, VFP_IMAGE_NF4}};
	vfp_image_result t;
	vfp_image_job j;
	vfp_error e;
	double floor = r->fits ? 1.2 * r->images_per_hour : 0;
	double host_best = floor;

	if (r->job.lora_rank > 0) {
		smaller_base(r, db);
		return;
	}
	if (r->job.placement != VFP_IMAGE_AUTO ||
	    (r->fits && !on_host(r->placement)) || !is_16bit(r->job.quant))
		return;
	for (size_t i = 0; i < sizeof(q) / sizeof(q[0]); i++) {
		j = r->job;
		j.quant = q[i].quant;
		/* a smaller T5 or LLM encoder for a 16-bit one */
		if (q[i].text >= 0) {
			if (!has_t5(r->pipeline) ||
			    !is_16bit(r->job.text_quant))
				continue;
			j.text_quant = (vfp_image_quant)q[i].text;
		}
		if (vfp__image_plan(&t, db, &j, 0, &e) || !t.fits ||
		    !(t.images_per_hour > floor))
			continue;
		if (!on_host(t.placement)) {
			take_faster(r, &j, &t);
			return;
		}
		if (t.images_per_hour > host_best) {
			take_faster(r, &j, &t);
			host_best = t.images_per_hour;
		}
	}
}

int vfp_image_vae_parse(int *tiny, const char *text, const char *option,
			vfp_error *err)
{
	char clean[64];

	if (text && (!strcmp(text, "default") || !strcmp(text, "tiny"))) {
		*tiny = !strcmp(text, "tiny");
		return 0;
	}
	vfp__text_clean(clean, sizeof(clean), text ? text : "(null)");
	return vfp__fail(err, VFP_EINVAL, "%s is default or tiny, not '%s'",
			 option, clean);
}

int vfp_image(vfp_image_result *out, const vfp_db *db,
	      const vfp_image_job *job, vfp_error *err)
{
	return vfp__image_plan(out, db, job, 1, err);
}

int vfp__image_plan(vfp_image_result *out, const vfp_db *db,
		    const vfp_image_job *job, int full, vfp_error *err)
{
	int rc;

	if (!out || !db || !job)
		return vfp__fail(err, VFP_EINVAL, "no result, database or job");
	memset(out, 0, sizeof(*out));
	vfp__db_date_copy(out->data_date, db);
	if (job->version != VFP_JOB_VERSION)
		return vfp__fail(err, VFP_EINVAL, "an image job from another "
				 "vfplan (version %u, not %u): "
				 "vfp_image_job_init() it", job->version,
				 VFP_JOB_VERSION);
	out->job = *job;
	if (job->pipeline_spec)
		out->pipeline = job->pipeline_spec;
	else if ((rc = vfp_db_find_pipeline(&out->pipeline, db, job->pipeline,
					    err)))
		return rc;
	if (job->vae_tiny && !out->pipeline->with_tiny_vae)
		return vfp__fail(err, VFP_EINVAL, "pipeline '%s' has no Tiny "
				 "AutoEncoder (--vae tiny: the SD 1.x/2.x, "
				 "SDXL, SD3/3.5 and FLUX.1 VAEs have one)",
				 out->pipeline->name);
	if (job->vae_tiny)
		out->pipeline = out->pipeline->with_tiny_vae;
	if (!out->pipeline->denoiser || !out->pipeline->vae)
		return vfp__fail(err, VFP_EINVAL, "pipeline '%s' has no "
				 "denoiser or VAE", out->pipeline->name);
	if ((rc = vfp__image_component_check(out->pipeline->denoiser, err)) ||
	    (rc = vfp__image_component_check(out->pipeline->vae, err)))
		return rc;
	for (int i = 0; i < VFP_IMAGE_TEXT_ENCODERS; i++)
		if (out->pipeline->text_encoder[i] &&
		    (rc = vfp__image_component_check(
			     out->pipeline->text_encoder[i], err)))
			return rc;
	defaults(out);
	if ((rc = check_counts(&out->job, err)) ||
	    (job->currency && (rc = vfp__check_currency(db, job->currency,
							 err))) ||
	    (rc = resolve_gpu(out, db, err)) || (rc = check_shape(out, err)) ||
	    (rc = check_prompt(out, err)) ||
	    (rc = check_memory_format(out, err)) ||
	    (rc = vfp__image_compute_check(out, err)) ||
	    (rc = vfp__image_compile_check(out, err)) ||
	    (rc = vfp__image_text_options_check(out, err)) ||
	    (rc = vfp__wan_official_check(out, err)) ||
	    (rc = vfp__image_take_llm_gpus(out, err)))
		return rc;
	out->band = db->memory_band;
	out->op_seconds = VFP_IMAGE_OP_SECONDS;
	list_parts(out);
	out->load_peak_bytes = vfp__image_load_peak(out);
	if ((rc = add_refiner(out, db, err)))
		return rc;
	if (out->job.lora_rank > 0) {
		if ((rc = vfp__image_train(out, db, err)))
			return rc;
	} else {
		if ((rc = vfp__image_place(out, db, err)))
			return rc;
		vfp__image_speed(out, db);
		if (full)
			vfp__image_host_band(out, db);
	}
	if ((rc = vfp__image_llm(out, db, err)))
		return rc;
	vfp__image_cost(out, db);
	if (full) {
		faster_format(out, db);
		vfp__image_explain(out);
	}
	return 0;
}
