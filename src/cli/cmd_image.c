/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cmd_image.c - `vfplan image`: will an image or video pipeline (FLUX,
 * SD3.5, SDXL, Wan) run on these GPUs, where each component goes, how
 * many images an hour, at what cost; with --lora, its LoRA training
 * (docs/image.md).
 */
#define _POSIX_C_SOURCE 200809L
#include "cli/cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const cli_option options[] = {
	{"model", CLI_VALUE, "P", "pipeline: flux.1-dev, flux.1-schnell, "
				  "sd3.5-large, sdxl, sd1.5, wan2.1-t2v-14b "
				  "... (`vfplan pipelines`), or a diffusers "
				  "directory (model_index.json and each part's config.json)"},
	{"gpus", CLI_VALUE, "NxGPU", "the machine's GPUs: 2xRTX3090"},
	{"resolution", CLI_VALUE, "WxH", "pixels (default: the pipeline's)"},
	{"steps", CLI_VALUE, "N", "denoising steps (default: the pipeline's)"},
	{"batch", CLI_VALUE, "N", "images per prompt (default 1)"},
	{"frames", CLI_VALUE, "N", "video frames (Wan: 4k + 1, default 81)"},
	{"quant", CLI_VALUE, "Q", "the denoiser's weights: bf16 (default)|"
				  "fp16|fp32|fp8; GGUF q8_0|q6_k|q5_k|q5_1 "
				  "q5_0|q4_k|q4_1|q4_0|q3_k|q2_k (also "
				  "gguf-q4_k, Q4_K_S); nf4|fp8-layerwise "
				  "fp8-torchao|int8-torchao|fp8-quanto; "
				  "fp8dq|fp8dq-row (torchao float8dq); "
				  "int8 (bitsandbytes LLM.int8)|int8dq "
				  "(torchao)|fp8-fast (ComfyUI "
				  "fp8_e4m3fn_fast)"},
	{"text-quant", CLI_VALUE, "Q", "the T5 or LLM text encoder's weights "
				       "(default bf16; fp8 as ComfyUI's "
				       "t5xxl_fp8; int8, nf4 as "
				       "bitsandbytes)"},
	{"placement", CLI_VALUE, "P", "auto (default)|single|split|offload|"
				      "sequential|medvram|lowvram|parallel|"
				      "group-offload|block-swap|partial|"
				      "parallel-fsdp (Wan's --dit_fsdp "
				      "--t5_fsdp --ulysses_size N)|"
				      "parallel-offload (parallel, model "
				      "offload on each GPU)"},
	{"offload-type", CLI_VALUE, "block|leaf", "group offload's level "
						  "(block, as diffusers)"},
	{"blocks-per-group", CLI_VALUE, "N", "group offload: blocks a group "
					     "(1; 1 with a stream)"},
	{"offload-stream", CLI_VALUE, "yes|no", "group offload's use_stream: "
						"the next group prefetched "
						"from pinned memory (no)"},
	{"record-stream", CLI_FLAG, "", "group offload's record_stream: no "
					"host sync as each group goes"},
	{"text-offload", CLI_VALUE, "L", "group offload of the text "
					 "encoders: same (as the denoiser)|"
					 "gpu|block|leaf"},
	{"persistent-params", CLI_VALUE, "N", "partial as DiffSynth loads: "
					      "the DiT's first N parameters "
					      "resident (7e9)"},
	{"vae-offload", CLI_VALUE, "L", "group offload of the VAE: same|gpu|"
					"block|leaf"},
	{"blocks-to-swap", CLI_VALUE, "N", "block swap: transformer blocks "
					   "kept in host RAM (the Wan and "
					   "Hunyuan wrappers)"},
	{"vram-budget", CLI_VALUE, "GB", "what each GPU may hold; partial "
					 "keeps the weights that fit it"},
	{"text-device", CLI_VALUE, "D", "where the text encoders run: gpuN, "
					"cpu (as --text-cpu) or remote"},
	{"cfg", CLI_VALUE, "yes|no", "classifier-free guidance (default: the "
				     "pipeline's)"},
	{"vae-tile", CLI_VALUE, "PX", "tiled VAE decode, tiles of PX pixels"},
	{"max-sequence-length", CLI_VALUE, "N", "the T5 prompt's tokens "
						"(default: the pipeline's, FLUX 512, SD3 256)"},
	{"vae-slicing", CLI_FLAG, "", "a batch's VAE decode one image at a "
				      "time (enable_vae_slicing)"},
	{"vae", CLI_VALUE, "V", "the VAE: default (the pipeline's) or tiny "
				"(its Tiny AutoEncoder: taesd, taesdxl, "
				"taesd3, taef1)"},
	{"vae-fp16", CLI_FLAG, "", "an fp16-safe VAE (madebyollin/sdxl-vae-"
				   "fp16-fix): no fp32 upcast for the decode"},
	{"torch", CLI_VALUE, "X.Y", "the PyTorch release (default 2.8 or "
				    "later; before 2.8 RMSNorm is 8 kernels)"},
	{"math-attention", CLI_FLAG, "", "attention without SDPA's fused "
					 "kernels: the scores in memory"},
	{"xformers", CLI_FLAG, "", "xformers' memory_efficient_attention "
				   "instead of SDPA"},
	{"channels-last", CLI_FLAG, "", "the UNet in channels_last memory "
					"format (pipe.unet.to(memory_format="
					"torch.channels_last))"},
	{"tf32", CLI_FLAG, "", "fp32 matmuls in TF32 (allow_tf32, "
			       "set_float32_matmul_precision(\"high\"), "
			       "NVIDIA's PyTorch containers)"},
	{"attention", CLI_VALUE, "KERNEL", "sdpa (default)|fa3|sage|sage2: "
				      "FlashAttention 3 (Hopper), "
				      "SageAttention 1 or 2 instead of SDPA"},
	{"compile", CLI_VALUE, "MODE", "default|reduce-overhead|max-autotune|"
				      "max-autotune-no-cudagraphs: "
				      "torch.compile on the denoiser"},
	{"runtime", CLI_VALUE, "R", "diffusers (default)|wan-official|"
				 "diffsynth: whose code runs the pipeline "
				 "(Wan's generate.py: fp32 stream, fp32 VAE; "
				 "DiffSynth-Studio: Wan's model.py)"},
	{"lora-adapters", CLI_VALUE, "N", "LoRA adapters loaded unfused at "
					  "inference (load_lora_weights "
					  "without fuse_lora)"},
	{"adapter-rank", CLI_VALUE, "N", "their rank (16)"},
	{"adapter-convs", CLI_FLAG, "", "they adapt a UNet's resnet and "
					"sampler convs and time_emb_proj too "
					"(LCM-LoRA)"},
	{"quantize-on-gpu", CLI_FLAG, "", "torchao's quantize_ (or "
					  "enable_layerwise_casting) after "
					  "pipe.to(\"cuda\"): the 16-bit "
					  "load's peak"},
	{"no-t5", CLI_FLAG, "", "SD3 without its T5 (text_encoder_3=None)"},
	{"prompt-embeds", CLI_FLAG, "", "prompt embeddings computed before "
					"the call: no text encoder runs in it"},
	{"text-cpu", CLI_FLAG, "", "the text encoders run on the CPU (Wan's "
				   "--t5_cpu)"},
	{"refiner", CLI_FLAG, "", "SDXL: the refiner runs the last 20 % of "
				  "the steps"},
	{"lora", CLI_OPTIONAL_VALUE, "R", "LoRA training of rank R (16) "
					  "instead of generation"},
	{"train-batch", CLI_VALUE, "N", "training images per GPU and step "
					"(1)"},
	{"grad-accum", CLI_VALUE, "N", "micro-steps per optimizer step (1)"},
	{"trainer", CLI_VALUE, "T", "kohya (default)|ai-toolkit|diffusers|"
				    "simpletuner|onetrainer: which layers "
				    "the LoRA adapts, its defaults"},
	{"adam8bit", CLI_FLAG, "", "bitsandbytes AdamW8bit for the adapters "
				   "(--optimizer adamw8bit)"},
	{"optimizer", CLI_VALUE, "O", "adamw|adamw8bit|prodigy|adafactor|came|"
				      "lion|sgd|adamw-bf16 (the trainer's)"},
	{"train-text-encoder", CLI_VALUE, "clip|all", "LoRA on the CLIP text "
						      "encoders (all: T5 "
						      "too)"},
	{"sample-every", CLI_VALUE, "N", "a sample image every N training "
					 "steps (0: never)"},
	{"ckpt", CLI_VALUE, "yes|no", "gradient checkpointing (yes)"},
	{"cache-latents", CLI_VALUE, "yes|no", "latents cached before "
					       "training (yes)"},
	{"cache-text", CLI_VALUE, "yes|no", "text-encoder outputs cached "
					    "(yes)"},
	{"llm", CLI_VALUE, "M", "an LLM served with vLLM on the last GPUs"},
	{"llm-gpus", CLI_VALUE, "N", "the GPUs the LLM takes (1)"},
	{"offer", CLI_VALUE, "ID", "a catalog offer: its GPUs and price"},
	{"price", CLI_VALUE, "X", "your price per GPU-hour"},
	{"currency", CLI_VALUE, "C", "currency of the costs"},
	{"images", CLI_VALUE, "N", "images to bill (1000)"},
	{"units", CLI_VALUE, "U", "GB (default) or GiB"},
	{"explain", CLI_FLAG, "", "every figure with its formula and source"},
	{"plot", CLI_VALUE, "FILE", "draw each GPU's memory (png or svg)"},
	{"json", CLI_FLAG, "", "print the schema 1 JSON answer"},
	{"csv", CLI_FLAG, "", "print it as CSV"},
	{"data", CLI_VALUE, "DIR", "load DIR/models and DIR/hwdb instead of "
				   "the embedded data"},
	{"help", CLI_FLAG, "", "this help"},
};
enum { N_OPTIONS = sizeof(options) / sizeof(options[0]) };

static int resolution(vfp_image_job *j, const char *v)
{
	if (vfp_parse_resolution(&j->width, &j->height, v, NULL))
		return front_usage_error("--resolution is WxH in pixels, each "
					 "side 1 to 16384, not '%s'", v);
	return 0;
}

static int number(int *out, const char *name, const char *v, long long lo,
		  long long hi)
{
	long long x;
	int rc = cli_integer(&x, name, v, lo, hi);

	if (!rc)
		*out = (int)x;
	return rc;
}

static int read_counts(vfp_image_job *j, const cli_args *a)
{
	const char *v;
	long long x;
	int rc = 0;

	if ((v = cli_get(a, "resolution")))
		rc = resolution(j, v);
	if (!rc && (v = cli_get(a, "steps")) &&
	    !(rc = cli_integer(&x, "steps", v, 1, 10000)))
		j->steps = x;
	if (!rc && (v = cli_get(a, "frames")) &&
	    !(rc = cli_integer(&x, "frames", v, 1, 1024)))
		j->frames = x;
	if (!rc && (v = cli_get(a, "images")) &&
	    !(rc = cli_integer(&x, "images", v, 1, 1000000000000LL)))
		j->images = x;
	if (!rc && (v = cli_get(a, "batch")))
		rc = number(&j->batch, "batch", v, 1, 4096);
	if (!rc && (v = cli_get(a, "train-batch")))
		rc = number(&j->train_batch, "train-batch", v, 1, 4096);
	if (!rc && (v = cli_get(a, "grad-accum")))
		rc = number(&j->grad_accum, "grad-accum", v, 1, 65536);
	if (!rc && (v = cli_get(a, "vae-tile")))
		rc = number(&j->vae_tile, "vae-tile", v, 64, 16384);
	if (!rc && (v = cli_get(a, "max-sequence-length")))
		rc = number(&j->max_sequence_length, "max-sequence-length", v, 1,
			    512);
	if (!rc && (v = cli_get(a, "lora-adapters")))
		rc = number(&j->lora_adapters, "lora-adapters", v, 1, 64);
	if (!rc && (v = cli_get(a, "adapter-rank")))
		rc = number(&j->adapter_rank, "adapter-rank", v, 1, 4096);
	if (!rc && (v = cli_get(a, "llm-gpus")))
		rc = number(&j->llm_gpus, "llm-gpus", v, 1, 8);
	if (!rc && (v = cli_get(a, "lora")))
		rc = *v ? number(&j->lora_rank, "lora", v, 1, 4096)
			: (j->lora_rank = 16, 0);
	if (!rc && (v = cli_get(a, "torch"))) {
		char *end;
		j->torch_version = strtod(v, &end);
		if (end == v || *end || !(j->torch_version >= 1) ||
		    j->torch_version >= 100)
			rc = front_usage_error("--torch is a PyTorch release "
					       "such as 2.7, not '%s'", v);
	}
	if (!rc && (v = cli_get(a, "price"))) {
		char *end;
		j->price_per_gpu_hour = strtod(v, &end);
		if (end == v || *end || !(j->price_per_gpu_hour > 0) ||
		    j->price_per_gpu_hour > 1e6)
			rc = front_usage_error("--price is per GPU-hour, a "
					       "positive number, not '%s'", v);
	}
	return rc;
}

static int read_switches(vfp_image_job *j, const cli_args *a)
{
	const char *v;
	int rc = 0;

	if ((v = cli_get(a, "cfg")))
		rc = cli_yes_no(&j->cfg, "cfg", v);
	if (!rc && (v = cli_get(a, "ckpt")))
		rc = cli_yes_no(&j->ckpt, "ckpt", v);
	if (!rc && (v = cli_get(a, "cache-latents")))
		rc = cli_yes_no(&j->cache_latents, "cache-latents", v);
	if (!rc && (v = cli_get(a, "cache-text")))
		rc = cli_yes_no(&j->cache_text, "cache-text", v);
	j->math_attention = cli_get(a, "math-attention") != NULL;
	j->xformers_attention = cli_get(a, "xformers") != NULL;
	j->channels_last = cli_get(a, "channels-last") != NULL;
	j->adam8bit = cli_get(a, "adam8bit") != NULL;
	j->refiner = cli_get(a, "refiner") != NULL;
	j->vae_slicing = cli_get(a, "vae-slicing") != NULL;
	j->vae_fp16 = cli_get(a, "vae-fp16") != NULL;
	j->text_cpu = cli_get(a, "text-cpu") != NULL;
	j->no_t5 = cli_get(a, "no-t5") != NULL;
	j->prompt_embeds = cli_get(a, "prompt-embeds") != NULL;
	j->tf32_matmul = cli_get(a, "tf32") != NULL;
	return rc;
}

/* LoRA training as each trainer does it: optimizer, text-encoder LoRA,
 * sampling. */
static int read_train(vfp_image_job *j, const cli_args *a)
{
	const char *v;
	vfp_error err;
	vfp_image_optimizer o;

	if ((v = cli_get(a, "optimizer"))) {
		if (vfp_image_optimizer_parse(&o, v, &err))
			return front_fail(&err);
		j->optimizer = (int)o;
	}
	if ((v = cli_get(a, "train-text-encoder"))) {
		if (strcmp(v, "clip") && strcmp(v, "all"))
			return front_usage_error("--train-text-encoder is clip "
						 "or all, not '%s'", v);
		j->train_text_encoder = strcmp(v, "all") == 0 ? 2 : 1;
	}
	if ((v = cli_get(a, "sample-every")))
		return number(&j->sample_every, "sample-every", v, 0, 1000000);
	return 0;
}

/* The offload options; group offload's and block swap's name their
 * placement when --placement is not given. */
static int read_offload(vfp_image_job *j, const cli_args *a)
{
	const char *v;
	vfp_error err;
	int rc = 0, stream;

	if ((v = cli_get(a, "offload-type"))) {
		if (strcmp(v, "block") && strcmp(v, "leaf"))
			return front_usage_error("--offload-type is block or "
						 "leaf, not '%s'", v);
		j->offload_leaf = !strcmp(v, "leaf");
	}
	if ((v = cli_get(a, "blocks-per-group")))
		rc = number(&j->blocks_per_group, "blocks-per-group", v, 1,
			    1024);
	if (!rc && (v = cli_get(a, "offload-stream")) &&
	    !(rc = cli_yes_no(&stream, "offload-stream", v)))
		j->offload_stream = stream ? 1 : -1;
	j->record_stream = cli_get(a, "record-stream") != NULL;
	if ((v = cli_get(a, "text-offload")) &&
	    vfp_image_part_offload_parse(&j->text_offload, v,
					 "--text-offload", &err))
		return front_fail(&err);
	if ((v = cli_get(a, "vae")) &&
	    vfp_image_vae_parse(&j->vae_tiny, v, "--vae", &err))
		return front_fail(&err);
	if ((v = cli_get(a, "vae-offload")) &&
	    vfp_image_part_offload_parse(&j->vae_offload, v, "--vae-offload",
					 &err))
		return front_fail(&err);
	if (!rc && (v = cli_get(a, "blocks-to-swap")))
		rc = number(&j->blocks_to_swap, "blocks-to-swap", v, 1, 1024);
	if (!rc && (v = cli_get(a, "vram-budget"))) {
		char *end;
		double gb = strtod(v, &end);
		if (end == v || *end || !(gb > 0) || gb > 1e4)
			return front_usage_error("--vram-budget is GB, a "
						 "positive number, not '%s'", v);
		j->vram_budget_bytes = gb * 1e9;
	}
	if (!rc && (v = cli_get(a, "persistent-params"))) {
		char *end;
		double n = strtod(v, &end);
		if (end == v || *end || !(n > 0) || n > 1e13)
			return front_usage_error("--persistent-params is a "
						 "count of parameters (7e9), "
						 "not '%s'", v);
		j->persistent_params = n;
	}
	if (!rc && (v = cli_get(a, "text-device")) &&
	    vfp_image_text_device_parse(&j->text_device, &j->text_gpu, v,
					&err))
		return front_fail(&err);
	if (!rc && !cli_get(a, "placement")) {
		if (j->blocks_to_swap > 0)
			j->placement = VFP_IMAGE_BLOCK_SWAP;
		else if (j->persistent_params > 0)
			j->placement = VFP_IMAGE_PARTIAL;
		else if (cli_get(a, "offload-type") ||
			 cli_get(a, "blocks-per-group") ||
			 cli_get(a, "offload-stream") || j->record_stream ||
			 j->text_offload || j->vae_offload)
			j->placement = VFP_IMAGE_GROUP_OFFLOAD;
	}
	j->quantize_on_gpu = cli_get(a, "quantize-on-gpu") != NULL;
	j->adapter_convs = cli_get(a, "adapter-convs") != NULL;
	return rc;
}

static int read_job(vfp_image_job *j, char *gpu, size_t len,
		    const cli_args *a)
{
	const char *v;
	vfp_error err;
	int rc;

	vfp_image_job_init(j);
	j->pipeline = cli_get(a, "model");
	j->offer = cli_get(a, "offer");
	j->currency = cli_get(a, "currency");
	j->llm = cli_get(a, "llm");
	if (!j->pipeline)
		return front_usage_error("missing --model (a pipeline: "
					 "flux.1-dev, sdxl ...; `vfplan "
					 "pipelines` lists them)");
	if (!cli_get(a, "gpus") && !j->offer)
		return front_usage_error("missing --gpus (e.g. --gpus "
					 "2xRTX3090) or --offer ID");
	if ((v = cli_get(a, "gpus"))) {
		if (vfp_parse_gpus(&j->gpu_count, gpu, len, v, &err))
			return front_fail(&err);
		j->gpu = gpu;
	}
	if ((v = cli_get(a, "quant")) &&
	    vfp_image_quant_parse(&j->quant, v, &err))
		return front_fail(&err);
	if ((v = cli_get(a, "text-quant")) &&
	    vfp_image_quant_parse(&j->text_quant, v, &err))
		return front_fail(&err);
	if ((v = cli_get(a, "placement")) &&
	    vfp_image_placement_parse(&j->placement, v, &err))
		return front_fail(&err);
	if ((v = cli_get(a, "trainer")) &&
	    vfp_image_trainer_parse(&j->trainer, v, &err))
		return front_fail(&err);
	if ((v = cli_get(a, "attention")) &&
	    vfp_image_attention_parse(&j->attention, v, &err))
		return front_fail(&err);
	if ((v = cli_get(a, "compile")) &&
	    vfp_image_compile_parse(&j->compile, v, &err))
		return front_fail(&err);
	if ((v = cli_get(a, "runtime")) &&
	    vfp_image_runtime_parse((vfp_image_runtime *)&j->runtime, v,
				    &err))
		return front_fail(&err);
	if ((rc = read_counts(j, a)) || (rc = read_train(j, a)) ||
	    (rc = read_offload(j, a)))
		return rc;
	return read_switches(j, a);
}

/* The resolve stage: a database pipeline by name, else a diffusers
 * directory read into the caller's records. */
typedef struct resolved {
	vfp_pipeline pipeline;
	vfp_image_component parts[VFP_IMAGE_TEXT_ENCODERS + 2];
	char names[8192];
} resolved;

static int resolve(vfp_image_job *j, resolved *own, const vfp_db *db)
{
	const vfp_pipeline *p;
	vfp_error err;
	struct stat st;

	if (vfp_db_find_pipeline(&p, db, j->pipeline, &err) == 0)
		return 0;
	if (stat(j->pipeline, &st) != 0 || !S_ISDIR(st.st_mode))
		return front_fail(&err);
	if (vfp_image_load_diffusers(&own->pipeline, own->parts, own->names,
				     sizeof(own->names), j->pipeline, &err))
		return front_fail(&err);
	j->pipeline_spec = &own->pipeline;
	return 0;
}

/* --llm as plan's --model: a config.json, checkpoint directory or model
 * YAML is read here, before planning (a name or size resolves too). */
static int resolve_llm(vfp_image_job *j, vfp_model *m, const vfp_db *db)
{
	vfp_error err;

	if (!j->llm)
		return 0;
	if (vfp_resolve_model(m, db, j->llm, &err))
		return front_fail(&err);
	j->llm_spec = m;
	return 0;
}

static int image(const cli_args *a)
{
	static resolved own;
	static vfp_model llm;
	char gpu[96];
	vfp_image_job j;
	vfp_image_result r;
	vfp_units units;
	vfp_db *db = NULL;
	vfp_error err;
	char *json;
	int rc;

	if ((rc = cli_units(&units, cli_get(a, "units"))) ||
	    (rc = plot_check(cli_get(a, "plot"))) ||
	    (rc = read_job(&j, gpu, sizeof(gpu), a)) ||
	    (rc = front_open_db(&db, cli_get(a, "data"))))
		return rc;
	if ((rc = resolve(&j, &own, db)) ||
	    (rc = resolve_llm(&j, &llm, db))) {
		vfp_db_free(db);
		return rc;
	}
	if (vfp_image(&r, db, &j, &err)) {
		vfp_db_free(db);
		return front_fail(&err);
	}
	if (!cli_structured(a)) {
		report_image_text(stdout, &r, units,
				  cli_get(a, "explain") != NULL);
	} else if (vfp_image_to_json(&json, &r, &err)) {
		rc = front_fail(&err);
	} else {
		rc = cli_print_answer(a, json);
		vfp_free(json);
	}
	if (!rc && cli_get(a, "plot"))
		rc = plot_image(cli_get(a, "plot"), &r, units);
	vfp_db_free(db);
	return rc;
}

int cmd_image(int argc, char **argv)
{
	cli_args a;
	int rc = cli_parse(&a, options, N_OPTIONS, argc, argv, "image");

	if (rc)
		return rc;
	if (cli_get(&a, "help")) {
		cli_print_help(stdout, "vfplan image --model PIPELINE --gpus "
			       "NxGPU [--resolution WxH] [--steps N] "
			       "[--quant Q] [--placement P] [--lora R]",
			       "Plans image or video generation: each "
			       "component's weights and peak, where it goes\n"
			       "(one GPU, split across two, offloaded to host "
			       "RAM, one image across GPUs),\nseconds per "
			       "image, images per hour and the cost per 1,000 "
			       "images. --lora R plans\nLoRA training instead "
			       "(Kohya sd-scripts, ai-toolkit, diffusers). A "
			       "plan that does not\nfit exits 0 with fits "
			       "false.", options, N_OPTIONS);
		return CLI_EXIT_OK;
	}
	return image(&a);
}
