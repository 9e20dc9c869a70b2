/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * image_llm.c - an LLM served beside the image model, as the seed runs
 * one: the image pipeline on the first GPUs, a vLLM plan (vfp_infer) on
 * the last --llm-gpus of the machine.
 */
#include "image/image.h"

#include <string.h>

int vfp__image_take_llm_gpus(vfp_image_result *r, vfp_error *err)
{
	const vfp_image_job *j = &r->job;

	if (!j->llm)
		return 0;
	if (j->llm_gpus < 1 || j->llm_gpus >= r->n_gpus)
		return vfp__fail(err, VFP_EINVAL, "--llm takes %d of the %d "
				 "GPUs: none is left for the image pipeline",
				 j->llm_gpus, r->n_gpus);
	r->n_gpus -= j->llm_gpus;
	return 0;
}

int vfp__image_llm(vfp_image_result *r, const vfp_db *db, vfp_error *err)
{
	vfp_infer_result ir;
	vfp_infer_job ij;
	int rc;

	if (!r->job.llm)
		return 0;
	vfp_infer_job_init(&ij);
	ij.model = r->job.llm;
	ij.model_spec = r->job.llm_spec; /* a file the caller resolved */
	ij.gpu[0] = r->gpus[0].gpu->name;
	ij.gpu_count[0] = r->job.llm_gpus;
	ij.n_gpu_kinds = 1;
	if ((rc = vfp_infer(&ir, db, &ij, err)))
		return rc;
	r->llm_fits = ir.fits;
	r->llm_total_bytes = ir.gpus[ir.busiest].total_bytes;
	r->llm_decode_tokens_per_second = ir.decode_tokens_per_second;
	return 0;
}
