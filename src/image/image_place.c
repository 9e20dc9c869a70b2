/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * image_place.c - where each component lives and what every GPU holds
 * under each placement (docs/image.md, "Placement"), and auto's choice:
 * the placement with the most images per hour that fits.
 */
#include "image/image.h"

#include <math.h>
#include <string.h>

/* diffusers' enable_model_cpu_offload, on one GPU or on every rank of
 * parallel-offload (xDiT's examples call pipe.enable_model_cpu_offload(
 * gpu_id=local_rank) in each process: hunyuan_video_usp_example.py
 * @57eb27f line 248). */
static int model_offload(vfp_image_placement p)
{
	return p == VFP_IMAGE_OFFLOAD || p == VFP_IMAGE_PARALLEL_OFFLOAD;
}

/* One image's tokens split over the GPUs (sequence parallel). */
static int token_split(vfp_image_placement p)
{
	return p == VFP_IMAGE_PARALLEL || p == VFP_IMAGE_PARALLEL_FSDP ||
	       p == VFP_IMAGE_PARALLEL_OFFLOAD;
}

/* Bytes per activation: the denoiser's compute dtype. */
static double act_elem(const vfp_image_job *j)
{
	return j->quant == VFP_IMAGE_FP32 ? 4 : 2;
}

/* The activation peak of each part's forward at this placement: the
 * text encoders over the prompt (and the negative one with CFG), the
 * denoiser over its batch (WebUI's --medvram and --lowvram run cond and
 * uncond one after the other: modules/sd_samplers_cfg_denoiser.py batches
 * them only with --always-batch-cond-uncond), the VAE's decode. */
static void part_peaks(vfp_image_result *r, vfp_image_placement p,
		       double share)
{
	const vfp_image_job *j = &r->job;
	const vfp_pipeline *pl = r->pipeline;
	image_shape s = vfp__denoiser_shape(r);
	double e = act_elem(j);
	/* Wan's FSDP run decodes on rank 0 alone (image_fsdp.c); under
	 * parallel-offload every rank runs diffusers' own decode of the whole
	 * latent (the example parallelizes the transformer alone:
	 * parallelize_transformer, hunyuan_video_usp_example.py @57eb27f) */
	double vae_share = p == VFP_IMAGE_PARALLEL_FSDP ||
					   p == VFP_IMAGE_PARALLEL_OFFLOAD
				   ? 1 : share;

	if (vfp__cfg_apart(r, p))
		s.batch = j->batch;
	for (int i = 0; i < PART_DENOISER; i++) {
		image_shape t = s;
		if (!r->parts[i].c)
			continue;
		t.text_tokens = vfp__text_tokens(r, i);
		t.batch = (double)j->batch * (r->cfg ? 2 : 1);
		r->parts[i].peak_bytes = vfp__image_forward_peak(
			r->parts[i].c, pl->vae, &t, e, j->math_attention);
	}
	r->parts[PART_DENOISER].peak_bytes =
		vfp__wan_model_py(r)
			? vfp__wan_official_peak(r, pl->denoiser, &s, share)
			: vfp__image_forward_peak(pl->denoiser, pl->vae, &s, e,
						  j->math_attention) / share;
	if (r->parts[PART_REFINER].c)
		r->parts[PART_REFINER].peak_bytes =
			vfp__wan_model_py(r) /* A14B's second expert */
				? vfp__wan_official_peak(
					  r, r->parts[PART_REFINER].c, &s, share)
				: vfp__image_forward_peak(
					  r->parts[PART_REFINER].c, pl->vae, &s,
					  e, j->math_attention) / share;
	s.batch = j->vae_slicing && vfp__vae_slices(pl->vae) ? 1 : j->batch;
	r->parts[PART_VAE].peak_bytes =
		(p == VFP_IMAGE_MEDVRAM || p == VFP_IMAGE_LOWVRAM
			 ? vfp__vae_decode_live
			 : vfp__vae_decode_peak)(pl->vae, &s,
						 vfp__vae_fp32(r) ? 4 : e,
						 j->vae_tile) / vae_share;
	r->parts[PART_VAE].workspace_bytes = 0;
	if (p != VFP_IMAGE_MEDVRAM && p != VFP_IMAGE_LOWVRAM && pl->vae) {
		vfp_vae_decode_terms d;
		vfp__vae_decode_terms(pl->vae, &s, vfp__vae_fp32(r) ? 4 : e,
				      j->vae_tile, 1, &d);
		r->parts[PART_VAE].workspace_bytes = d.workspace / vae_share;
	}
}

/* diffusers' enable_model_cpu_offload places no hook on a model loaded
 * in bitsandbytes 8-bit while bitsandbytes is before 0.48 or
 * transformers before 4.58, and such a model cannot be moved with .to()
 * (pipeline_utils.py @58eb52c0 lines 1265-1272, modeling_utils.py line
 * 1534): it stays on the GPU the whole call. Those releases are taken as
 * the ones beside PyTorch before 2.9 (2025-10; an assumption by date,
 * the bitsandbytes version would settle it); a plan without --torch takes
 * the current ones, which offload it. */
static int bnb8_kept(const vfp_image_result *r, vfp_image_placement p,
		     int i)
{
	const vfp_image_job *j = &r->job;
	const vfp_image_component *c = r->parts[i].c;
	int denoiser = i == PART_DENOISER || i == PART_REFINER;
	vfp_image_quant q = denoiser ? j->quant
			    : c && vfp__image_is_long_text(c) ? j->text_quant
							       : VFP_IMAGE_BF16;

	return model_offload(p) && c && q == VFP_IMAGE_INT8_BNB &&
	       j->torch_version > 0 && j->torch_version < 2.9;
}

/* The parts' GPU (-1: in host RAM between uses) and how many copies of
 * the pipeline the GPUs run. */
static void assign(vfp_image_result *r, vfp_image_placement p, int n)
{
	int resident = p == VFP_IMAGE_SINGLE || p == VFP_IMAGE_SPLIT ||
		       p == VFP_IMAGE_PARALLEL || p == VFP_IMAGE_PARALLEL_FSDP;

	for (int i = 0; i < r->n_parts; i++)
		r->parts[i].gpu = r->job.text_cpu && i < PART_DENOISER
				  ? VFP_IMAGE_ON_CPU
				  : !resident ? -1
				  : p == VFP_IMAGE_SPLIT && i != PART_DENOISER &&
					    i != PART_REFINER
					  ? 1 : 0;
	/* Wan's generate.py builds its VAE on the device and leaves it there;
	 * offload_model moves the DiT and T5 only (text2video.py @42bf4cfa
	 * lines 96-98, 363-366; Wan2.1 @9737cba9) */
	if (vfp__wan_official(r) && r->parts[PART_VAE].gpu == -1)
		r->parts[PART_VAE].gpu = 0;
	for (int i = 0; i < r->n_parts; i++)
		if (bnb8_kept(r, p, i) && r->parts[i].gpu == -1)
			r->parts[i].gpu = 0;
	r->copies = p == VFP_IMAGE_SPLIT ? n / 2
		    : token_split(p) ? 1 : n;
	vfp__image_place_text(r, p);
}

static double bits_of(const vfp_image_result *r, int i)
{
	return r->parts[i].params > 0
		       ? r->parts[i].weights_bytes * 8 / r->parts[i].params
		       : 16;
}

/* diffusers' model offload chains the hooks in model_cpu_offload_seq
 * order, each model's offloading the one before it (pipeline_utils.py
 * enable_model_cpu_offload @58eb52c0; accelerate hooks.py
 * CpuOffload.pre_forward @16cb6eb8). The first encoder has no hook before
 * it: when encode_prompt runs the encoders again on CFG's negative prompt
 * (SD3), the last one stays on the GPU while each earlier one runs again. */
int vfp__image_lingering_encoder(const vfp_image_result *r,
				 vfp_image_placement p)
{
	int last = -1, n = 0;

	if (!model_offload(p) || !r->cfg ||
	    !r->pipeline->negative_reencoded)
		return -1;
	for (int i = PART_TEXT; i < PART_DENOISER; i++)
		if (r->parts[i].c && r->parts[i].gpu == -1)
			last = i, n++;
	return n >= 2 ? last : -1;
}

/* What one GPU of a copy holds: resident parts' weights and the largest
 * activation among the stages it runs; one component at a time
 * (offload, medvram) or one layer at a time (sequential, lowvram), its
 * weights counted as weights while it runs. */
static void hold(vfp_image_result *r, vfp_image_placement p, int gpu,
		 double *weights, double *act)
{
	double off_w = 0, off_a = 0;
	int late = vfp__image_lingering_encoder(r, p);

	*weights = *act = 0;
	for (int i = 0; i < r->n_parts; i++) {
		const vfp_image_part *q = &r->parts[i];
		double w = q->weights_bytes;
		if (!q->c)
			continue;
		if (p == VFP_IMAGE_SEQUENTIAL || p == VFP_IMAGE_LOWVRAM)
			w = vfp__image_largest_layer(q->c) * bits_of(r, i) / 8;
		if (i < late && q->gpu == -1)
			w += r->parts[late].weights_bytes;
		if (q->gpu == gpu) {
			*weights += w;
			*act = fmax(*act, q->peak_bytes);
		} else if (q->gpu == -1 && gpu == 0 &&
			   w + q->peak_bytes > off_w + off_a) {
			off_w = w;
			off_a = q->peak_bytes;
		}
	}
	/* the visiting part's weights and peak, where they top the rest */
	if (off_w + off_a > *act) {
		*weights += off_w;
		*act = off_a;
	}
}

/* Host RAM and the bytes a batch moves each way in the offloading modes:
 * every component in once (diffusers' cpu_offload_with_hook moves a model
 * in when its forward runs) and out again (the previous one's offload()
 * is module.to("cpu"), a copy back: accelerate hooks.py CpuOffload
 * @05daa80d; WebUI's send_me_to_gpu does module_in_gpu.to(cpu),
 * modules/lowvram.py @001f22d3); the denoiser once a step, twice with
 * CFG apart (vfp__cfg_apart), when it streams layer by layer. accelerate's
 * cpu_offload hooks every leaf module and, after its forward, points its
 * weights at the meta device: in only (AlignDevicesHook.post_forward). */
static void traffic(vfp_image_result *r, vfp_image_placement p)
{
	double all = 0, cpu = 0, steps = (double)r->job.steps;
	int linger = vfp__image_lingering_encoder(r, p);

	for (int i = 0; i < r->n_parts; i++) {
		/* text encoders on their own GPU or remote: not here */
		if (r->parts[i].gpu >= 0 && r->parts[i].gpu != 0 &&
		    r->job.text_device == VFP_IMAGE_TEXT_GPU)
			continue;
		if (r->parts[i].gpu == VFP_IMAGE_ON_REMOTE ||
		    bnb8_kept(r, p, i))
			continue;
		/* Wan's own VAE: built on the GPU and kept there (assign) */
		if (i == PART_VAE && r->parts[i].gpu == 0 && vfp__wan_official(r))
			continue;
		all += r->parts[i].weights_bytes;
		if (r->parts[i].gpu == VFP_IMAGE_ON_CPU)
			cpu += r->parts[i].weights_bytes;
	}
	r->host_ram_bytes = cpu * r->copies;
	r->transfer_bytes = r->return_bytes = 0;
	if (vfp__image_is_streamed(p)) {
		vfp__image_offload_traffic(r);
		return;
	}
	if (!model_offload(p) && p != VFP_IMAGE_MEDVRAM &&
	    p != VFP_IMAGE_SEQUENTIAL && p != VFP_IMAGE_LOWVRAM)
		return;
	/* parallel-offload: each rank's process loads the whole pipeline
	 * into its own host RAM and moves it over its own link */
	r->host_ram_bytes = all * (p == VFP_IMAGE_PARALLEL_OFFLOAD
					   ? r->n_gpus : r->copies);
	r->transfer_bytes = all - cpu;
	/* the encoders before the lingering one come in again */
	for (int i = PART_TEXT; i < linger; i++)
		if (r->parts[i].gpu == -1)
			r->transfer_bytes += r->parts[i].weights_bytes;
	if (p == VFP_IMAGE_SEQUENTIAL || p == VFP_IMAGE_LOWVRAM) {
		double d = r->parts[PART_DENOISER].weights_bytes;
		double f = r->parts[PART_REFINER].weights_bytes;
		double passes = vfp__cfg_apart(r, p) ? 2 : 1;
		double late = (double)r->refiner_steps;
		r->transfer_bytes += d * ((steps - late) * passes - 1);
		if (f > 0 && late > 0)
			r->transfer_bytes += f * (late * passes - 1);
	}
	if (p != VFP_IMAGE_SEQUENTIAL)
		r->return_bytes = r->transfer_bytes;
}

/* One GPU's weights and activation peak over the stages it runs. */
static void gpu_hold(vfp_image_result *r, const vfp_db *db,
		     vfp_image_placement p, int in_copy, int gi,
		     double *w, double *a)
{
	if (p == VFP_IMAGE_PARALLEL_FSDP)
		vfp__image_fsdp_hold(r, gi, w, a);
	else if (vfp__image_is_streamed(p) && in_copy == 0)
		vfp__image_offload_hold(
			r, db, p, vfp__image_usable_bytes(r, r->gpus[gi].gpu),
			w, a);
	else
		hold(r, p, in_copy, w, a);
	/* xDiT's KV cache at degree 1 lives across the stages */
	*a += vfp__image_xdit_kv_cache_held(r);
	/* a CUDA graph's pool (image_compile.c) */
	*a = fmax(*a, vfp__image_graph_pool_held(r, in_copy));
	/* quantize_ after a 16-bit load (image_compute.c) */
	*a = fmax(*a, vfp__image_load_peak(r) - *w);
}

/* What of a GPU's total PyTorch gives up rather than fail, so that a
 * plan fits when the rest does:
 * - the slack on the weights: a weight of more than 2 MiB gets a
 *   cudaMalloc of its own size, and a malloc that fails first frees the
 *   cached blocks that are not split and retries (the allocator's design
 *   notes, c10/cuda/CUDACachingAllocator.cpp, pytorch/pytorch @001074d2):
 *   what loading leaves cached is given back, while the activations'
 *   churn splits blocks into slivers that stay (their slack is kept);
 * - the VAE decode's cuDNN workspace, where the decode sets the GPU's
 *   peak: a conv whose engine's workspace cannot be allocated catches the
 *   OutOfMemoryError and runs the next engine config, down to the
 *   heuristics' fallback list (aten/src/ATen/native/cudnn/Conv_v8.cpp
 *   try_configs and run_single_conv, @06ca69ca; Conv_v7.cpp likewise).
 *   That the list holds an engine with no workspace (implicit GEMM) is
 *   vfplan's assumption. */
static double elastic(vfp_image_result *r, const vfp_db *db,
		      vfp_image_placement p, int in_copy,
		      const vfp_image_gpu *q)
{
	vfp_image_part *vae = &r->parts[PART_VAE];
	double peak = vae->peak_bytes, ws = 0, w, a;

	if (vae->workspace_bytes > 0) {
		/* the peaks again with the decode's workspace left out */
		vae->peak_bytes = peak - vae->workspace_bytes;
		gpu_hold(r, db, p, in_copy, (int)(q - r->gpus), &w, &a);
		vae->peak_bytes = peak;
		ws = fmax(0, q->activation_bytes - a);
	}
	return db->allocator_slack * (q->weights_bytes + ws) + ws;
}

/* The denoiser's forward alone (diffusers' benchmark CI loads the
 * model class only, benchmarks/benchmarking_utils.py @d3c494a7): its
 * weights on the GPU in the placement, and its activations. */
static double denoiser_stage(const vfp_image_result *r, const vfp_db *db,
			     vfp_image_placement p)
{
	const vfp_image_part *d = &r->parts[PART_DENOISER];
	double w = d->weights_bytes;

	if (vfp__image_is_streamed(p)) /* no quantize_on_gpu there */
		return vfp__image_offload_denoiser_stage(
			r, db, p, vfp__image_usable_bytes(r, r->gpus[0].gpu));
	if (p == VFP_IMAGE_SEQUENTIAL || p == VFP_IMAGE_LOWVRAM)
		w = vfp__image_largest_layer(d->c) *
		    bits_of(r, PART_DENOISER) / 8;
	return fmax(w + d->peak_bytes, vfp__image_denoiser_load_peak(r));
}

int vfp__image_memory(vfp_image_result *r, const vfp_db *db,
		      vfp_image_placement p)
{
	int n = r->n_gpus, fits = 1, used = p == VFP_IMAGE_SPLIT ? 2 : 1;
	double share = token_split(p) ? n : 1;

	part_peaks(r, p, share);
	assign(r, p, n);
	vfp__image_offload_split(r, db, p,
				 vfp__image_usable_bytes(r, r->gpus[0].gpu));
	traffic(r, p);
	r->denoiser_stage_bytes = denoiser_stage(r, db, p);
	r->busiest = 0;
	for (int g = 0; g < n; g++) {
		vfp_image_gpu *q = &r->gpus[g];
		double w, a, room;
		/* copies repeat GPU 0 (and 1 when split); a split's odd
		 * GPU out holds nothing */
		int in_copy = p == VFP_IMAGE_PARALLEL ||
					      p == VFP_IMAGE_PARALLEL_OFFLOAD
				      ? 0 : g % used;
		/* --text-device gpuN: that GPU holds the text encoders */
		if (r->job.text_device == VFP_IMAGE_TEXT_GPU &&
		    g == r->job.text_gpu)
			in_copy = g;
		if (p == VFP_IMAGE_SPLIT && g >= 2 * r->copies) {
			q->weights_bytes = q->activation_bytes = 0;
			q->slack_bytes = q->context_bytes = 0;
			q->reserve_bytes = q->total_bytes = 0;
			q->usable_bytes = (double)q->gpu->vram_bytes;
			continue;
		}
		gpu_hold(r, db, p, in_copy, g, &w, &a);
		q->weights_bytes = w;
		q->activation_bytes = a;
		q->slack_bytes = db->allocator_slack * (w + a);
		q->context_bytes = (double)db->cuda_reserve_bytes;
		q->reserve_bytes = q->slack_bytes + q->context_bytes;
		q->total_bytes = w + a + q->reserve_bytes;
		q->usable_bytes = vfp__image_usable_bytes(r, q->gpu);
		q->elastic_bytes = elastic(r, db, p, in_copy, q);
		room = q->usable_bytes - q->total_bytes;
		if (room < r->gpus[r->busiest].usable_bytes -
				   r->gpus[r->busiest].total_bytes)
			r->busiest = g;
		if (room + q->elastic_bytes < 0)
			fits = 0;
	}
	return fits;
}

/* auto tries parallel on 2 GPUs or more; asked for, it runs on one too,
 * as xDiT's runtime at degree 1 (image_xdit.c), never faster than single. */
static int possible(const vfp_image_result *r, vfp_image_placement p,
		    int asked, char *why, size_t n)
{
	if ((p == VFP_IMAGE_SPLIT || (p == VFP_IMAGE_PARALLEL && !asked)) &&
	    r->n_gpus < 2) {
		vfp__snprintf(why, n, "%s needs 2 GPUs or more, and the "
			      "machine has one", vfp_image_placement_name(p));
		return 0;
	}
	if ((p == VFP_IMAGE_SPLIT || p == VFP_IMAGE_PARALLEL) && !asked &&
	    r->job.text_device == VFP_IMAGE_TEXT_GPU) {
		vfp__snprintf(why, n, "the text encoders have their own GPU");
		return 0;
	}
	if (vfp__image_is_streamed(p) && !asked &&
	    (r->job.refiner || r->job.lora_rank > 0 ||
	     (p == VFP_IMAGE_GROUP_OFFLOAD && !r->job.offload_leaf &&
	      !vfp__image_block_count(r->pipeline->denoiser)))) {
		vfp__snprintf(why, n, "not modelled here");
		return 0;
	}
	if (!vfp__image_compile_placement_ok(r, p, why, n))
		return 0;
	/* generate.py's own switches: --offload_model, --ulysses_size */
	if (vfp__wan_official(r) && p != VFP_IMAGE_SINGLE &&
	    p != VFP_IMAGE_OFFLOAD && p != VFP_IMAGE_PARALLEL &&
	    p != VFP_IMAGE_PARALLEL_FSDP) {
		vfp__snprintf(why, n, "%s is not Wan's generate.py's (single, "
			      "offload as --offload_model, parallel as "
			      "--ulysses_size, parallel-fsdp)",
			      vfp_image_placement_name(p));
		return 0;
	}
	if (p == VFP_IMAGE_PARALLEL_FSDP)
		return vfp__image_fsdp_possible(r, why, n);
	if (p == VFP_IMAGE_PARALLEL_OFFLOAD && r->n_gpus < 2) {
		vfp__snprintf(why, n, "parallel-offload splits one image over "
			      "2 GPUs or more, and the machine has one: use "
			      "offload");
		return 0;
	}
	if ((p == VFP_IMAGE_PARALLEL || p == VFP_IMAGE_PARALLEL_OFFLOAD) &&
	    r->pipeline->denoiser->cls == VFP_IMAGE_UNET) {
		vfp__snprintf(why, n, "%s splits a transformer's tokens "
			      "(xDiT); %s's UNet is not one",
			      vfp_image_placement_name(p), r->pipeline->name);
		return 0;
	}
	return 1;
}

static void try_one(vfp_image_result *r, const vfp_db *db,
		    vfp_image_placement p)
{
	/* auto tries group offload as diffusers' docs recommend it, with
	 * the prefetch stream, unless the job says */
	if (p == VFP_IMAGE_GROUP_OFFLOAD &&
	    r->job.placement == VFP_IMAGE_AUTO && !r->job.offload_stream)
		r->job.offload_stream = 1;
	r->placement = p;
	r->fits = vfp__image_memory(r, db, p);
	vfp__image_speed(r, db);
}

/* auto: the diffusers placements in order of speed; WebUI's own modes
 * only when asked for. */
static void choose(vfp_image_result *r, const vfp_db *db)
{
	static const vfp_image_placement order[] = {
		VFP_IMAGE_SINGLE, VFP_IMAGE_SPLIT, VFP_IMAGE_PARALLEL,
		VFP_IMAGE_OFFLOAD, VFP_IMAGE_GROUP_OFFLOAD, VFP_IMAGE_PARTIAL,
		VFP_IMAGE_SEQUENTIAL};
	vfp_image_placement best = VFP_IMAGE_SINGLE, fastest = best;
	vfp_image_placement least = best;
	double best_ips = -1, best_lat = INFINITY, least_bytes = INFINITY;
	char skip[160];
	size_t len;

	r->why[0] = '\0';
	for (size_t i = 0; i < VFP_ARRAY_LEN(order); i++) {
		vfp_image_result t = *r;
		if (!possible(r, order[i], 0, skip, sizeof(skip)))
			continue;
		try_one(&t, db, order[i]);
		len = strlen(r->why);
		vfp__snprintf(r->why + len, sizeof(r->why) - len,
			      "%s%s %s (%.1f GB%s, %.0f images/h)",
			      len ? "; " : "",
			      vfp_image_placement_name(order[i]),
			      t.fits ? "fits" : "does not fit",
			      t.gpus[t.busiest].total_bytes / 1e9,
			      len ? "" : " on the fullest GPU",
			      t.images_per_hour);
		if (t.fits && t.images_per_hour > best_ips) {
			best = order[i];
			best_ips = t.images_per_hour;
		}
		if (t.fits && t.latency_seconds < best_lat) {
			fastest = order[i];
			best_lat = t.latency_seconds;
		}
		if (t.gpus[t.busiest].total_bytes < least_bytes) {
			least = order[i];
			least_bytes = t.gpus[t.busiest].total_bytes;
		}
	}
	if (best_ips < 0) {
		/* nothing fits: the one that comes closest, refused */
		try_one(r, db, least);
		len = strlen(r->why);
		vfp__snprintf(r->why + len, sizeof(r->why) - len,
			      ": none fits; %s needs the least",
			      vfp_image_placement_name(least));
		return;
	}
	try_one(r, db, best);
	len = strlen(r->why);
	vfp__snprintf(r->why + len, sizeof(r->why) - len,
		      ": %s has the most images per hour that fit%s%s%s",
		      vfp_image_placement_name(best),
		      fastest != best ? " (the shortest latency: " : "",
		      fastest != best ? vfp_image_placement_name(fastest) : "",
		      fastest != best ? ")" : "");
}

int vfp__image_place(vfp_image_result *r, const vfp_db *db, vfp_error *err)
{
	vfp_image_placement p = r->job.placement;
	char why[160];
	int rc;

	if ((rc = vfp__image_offload_check(r, err)))
		return rc;
	if (p == VFP_IMAGE_AUTO) {
		choose(r, db);
	} else {
		if (!possible(r, p, 1, why, sizeof(why)))
			return vfp__fail(err, VFP_EINVAL, "placement %s", why);
		try_one(r, db, p);
		if (p == VFP_IMAGE_PARTIAL &&
		    vfp__image_partial_minimum(r, db) >
			    vfp__image_usable_bytes(r, r->gpus[0].gpu))
			return vfp__fail(err, VFP_EINVAL, "--placement partial "
					 "needs %.1f GB on a GPU (context, "
					 "the largest activations, two layers "
					 "in flight); %s %.1f GB",
					 vfp__image_partial_minimum(r, db) /
						 1e9,
					 r->job.vram_budget_bytes > 0
						 ? "the budget is"
						 : "the GPU has",
					 vfp__image_usable_bytes(
						 r, r->gpus[0].gpu) / 1e9);
	}
	if (!r->fits)
		vfp__snprintf(r->refusal, sizeof(r->refusal),
			      "%s at %s needs %.1f GB on GPU %d, which has "
			      "%.1f GB", r->pipeline->name,
			      vfp_image_placement_name(r->placement),
			      r->gpus[r->busiest].total_bytes / 1e9,
			      r->busiest,
			      r->gpus[r->busiest].usable_bytes / 1e9);
	return 0;
}
