/*
 * plan.c - vfp_plan(): resolves a job (model, machine, strategy), runs the
 * memory account, decides whether it fits in the usable memory of one GPU
 * and, when it does not, what to change. Pure: everything it reads is the
 * immutable database and the job; everything it writes is *out.
 */
#include "db.h"
#include "memory.h"

#include <math.h>
#include <string.h>

void vfp_job_init(vfp_job *job)
{
	if (!job)
		return;
	memset(job, 0, sizeof(*job));
	job->version = VFP_JOB_VERSION;
	job->gpus_per_node = 1;
	job->nodes = 1;
}

static int check_counts(const vfp_job *job, vfp_error *err)
{
	if (job->gpus_per_node < 1 || job->gpus_per_node > 64)
		return vfp__fail(err, VFP_EINVAL,
				 "GPUs per node must be between 1 and 64, "
				 "not %d", job->gpus_per_node);
	if (job->nodes < 1 || job->nodes > 16384)
		return vfp__fail(err, VFP_EINVAL,
				 "nodes must be between 1 and 16384, not %d",
				 job->nodes);
	if (!isfinite(job->reserve_bytes) || job->reserve_bytes < 0 ||
	    job->reserve_bytes > 1e13)
		return vfp__fail(err, VFP_EINVAL,
				 "the reserve must be a size between 0 and "
				 "10 TB");
	if ((unsigned)job->precision >= VFP_PRECISION_COUNT_ ||
	    (unsigned)job->optimizer >= VFP_OPTIMIZER_COUNT_ ||
	    (unsigned)job->strategy >= VFP_STRATEGY_COUNT_)
		return vfp__fail(err, VFP_EINVAL, "unknown enumeration value");
	return 0;
}

static int resolve_strategy(vfp_plan_result *r, vfp_strategy s,
			    vfp_error *err)
{
	if (s == VFP_STRATEGY_DEFAULT)
		s = r->total_gpus == 1 ? VFP_STRATEGY_SINGLE
				       : VFP_STRATEGY_DDP;
	if (s == VFP_STRATEGY_SINGLE && r->total_gpus > 1)
		return vfp__fail(err, VFP_EINVAL,
				 "strategy 'single' runs on one GPU, not %d; "
				 "use --gpus 1x%s or another strategy",
				 r->total_gpus, r->gpu->name);
	if (r->total_gpus == 1 && s >= VFP_STRATEGY_ZERO1)
		r->warnings |= VFP_WARN_SHARDING_ONE_GPU;
	if (s == VFP_STRATEGY_HSDP && r->nodes == 1)
		r->warnings |= VFP_WARN_HSDP_ONE_NODE;
	r->strategy = s;
	return 0;
}

static int resolve(vfp_plan_result *r, const vfp_db *db, const vfp_job *job,
		   vfp_error *err)
{
	int rc;

	if (job->model_spec) {
		r->model = *job->model_spec;
		rc = vfp_model_derive(&r->model, err);
	} else {
		rc = vfp_db_find_model(&r->model, db, job->model, err);
	}
	if (rc || (rc = vfp_db_find_gpu(&r->gpu, db, job->gpu, err)))
		return rc;
	rc = vfp_db_find_link(&r->link, db,
			      job->link ? job->link : r->gpu->default_link,
			      err);
	if (rc || (rc = check_counts(job, err)))
		return rc;
	r->gpus_per_node = job->gpus_per_node;
	r->nodes = job->nodes;
	r->total_gpus = job->gpus_per_node * job->nodes;
	r->precision = job->precision;
	r->optimizer = job->optimizer;
	return resolve_strategy(r, job->strategy, err);
}

static void usable_memory(vfp_plan_result *r, const vfp_db *db,
			  const vfp_job *job)
{
	r->vram_bytes = r->gpu->vram_bytes;
	r->cuda_reserve_bytes = vfp_db_cuda_reserve_bytes(db);
	r->reserve_bytes = job->reserve_bytes;
	r->usable_vram_bytes = (double)r->vram_bytes -
			       (double)r->cuda_reserve_bytes -
			       r->reserve_bytes;
	if (r->usable_vram_bytes < 0)
		r->usable_vram_bytes = 0;
	if (!r->gpu->vram_measured)
		r->warnings |= VFP_WARN_VRAM_FROM_LABEL;
}

int vfp_plan(vfp_plan_result *out, const vfp_db *db, const vfp_job *job,
	     vfp_error *err)
{
	vfp_plan_result r;
	memory_shape shape;
	int rc;

	if (!out || !db || !job)
		return vfp__fail(err, VFP_EINVAL, "bad arguments");
	if (job->version != VFP_JOB_VERSION)
		return vfp__fail(err, VFP_EINVAL,
				 "vfp_job version %u (this library reads %d); "
				 "call vfp_job_init()", job->version,
				 VFP_JOB_VERSION);
	memset(&r, 0, sizeof(r));
	if ((rc = resolve(&r, db, job, err)))
		return rc;
	usable_memory(&r, db, job);
	shape.model = &r.model;
	shape.strategy = r.strategy;
	shape.precision = r.precision;
	shape.optimizer = r.optimizer;
	shape.gpus_per_node = r.gpus_per_node;
	shape.nodes = r.nodes;
	vfp__memory_account(&r, &shape);
	r.warnings |= VFP_WARN_MODEL_STATES_ONLY;
	r.headroom_bytes = r.usable_vram_bytes - r.total_bytes;
	r.fits = r.headroom_bytes >= 0;
	if (!r.fits)
		vfp__advise(&r.advice, &shape, r.usable_vram_bytes);
	*out = r;
	return 0;
}
