/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * model_hf_registry.c - the family tables the config.json reader walks, in
 * order: a group of families lives in its own file of tables
 * (model_hf_families*.c) and is listed here once.
 */
#include "model/model_hf.h"

const family_table vfp__hf_family_tables[] = {
	{vfp__hf_families, &vfp__hf_family_count},
	{vfp__hf_families_qwen, &vfp__hf_family_count_qwen},
	{vfp__hf_families_dense, &vfp__hf_family_count_dense},
	{vfp__hf_families_hybrid, &vfp__hf_family_count_hybrid},
	{vfp__hf_families_mla, &vfp__hf_family_count_mla},
	{vfp__hf_families_nvidia, &vfp__hf_family_count_nvidia},
	{vfp__hf_families_misc, &vfp__hf_family_count_misc},
	{vfp__hf_families_dsv4, &vfp__hf_family_count_dsv4},
};
const size_t vfp__hf_family_table_count =
	VFP_ARRAY_LEN(vfp__hf_family_tables);

const family *vfp__hf_family_at(size_t i)
{
	for (size_t t = 0; t < vfp__hf_family_table_count; t++) {
		size_t n = *vfp__hf_family_tables[t].count;
		if (i < n)
			return &vfp__hf_family_tables[t].items[i];
		i -= n;
	}
	return NULL;
}

const family *vfp__hf_family_named(const char *name)
{
	const family *f;

	for (size_t i = 0; (f = vfp__hf_family_at(i)) != NULL; i++)
		if (vfp__strcasecmp(f->name, name) == 0)
			return f;
	return NULL;
}

const char *vfp_hf_family(size_t i)
{
	const family *f = vfp__hf_family_at(i);

	return f ? f->name : NULL;
}
