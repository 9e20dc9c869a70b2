/* placeholder: replaced by the Hugging Face config reader */
#include "private.h"
int vfp_model_load_hf_json(vfp_model *out, const char *name, const char *json,
			   size_t len, vfp_error *err)
{
	(void)out; (void)json; (void)len;
	return vfp__fail_at(err, VFP_EINVAL, name, 0, 0, "not yet");
}
