/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * model_yaml.c - a model as a models/ YAML entry: what `vfplan models
 * --yaml CONFIG` prints, so that a config.json becomes a model file a user
 * can keep in --data DIR (docs/data-format.md). The field table is the
 * reader's own (db_records.c), so what is written reads back.
 */
#include "db/db.h"
#include "base/base.h"

#include <stdio.h>
#include <string.h>

/* One field of the model, when it says something: non-zero numbers and
 * flags, every enumeration, the name and family. */
static void emit_field(vfp_emit *e, const field *f, const vfp_model *m)
{
	const char *p = (const char *)m + f->offset;
	char num[32];

	switch (f->type) {
	case F_CHARS:
		if (*p)
			vfp__emit_str(e, f->key, p);
		break;
	case F_I64:
		if (*(const int64_t *)(const void *)p == 0)
			break;
		vfp__snprintf(num, sizeof(num), "%lld",
			      (long long)*(const int64_t *)(const void *)p);
		vfp__emit_scalar(e, f->key, 0);
		vfp__emit_scalar(e, num, 0);
		break;
	case F_INT:
		if (*(const int *)(const void *)p != 0)
			vfp__emit_num(e, f->key, *(const int *)(const void *)p);
		break;
	case F_BOOL:
		/* a LayerNorm's bias defaults to present: its absence said */
		if (*(const int *)(const void *)p || f->required ||
		    (strcmp(f->key, "norm_bias") == 0 &&
		     m->norm == VFP_NORM_LAYER))
			vfp__emit_bool(e, f->key, *(const int *)(const void *)p);
		break;
	case F_ENUM:
		/* which linear layer: said only where there are some */
		if (strcmp(f->key, "linear_kind") == 0 && m->linear_layers == 0)
			break;
		vfp__emit_str(e, f->key, f->names[*(const int *)(const void *)p]);
		break;
	case F_NUM:
		if (*(const double *)(const void *)p > 0)
			vfp__emit_num(e, f->key, *(const double *)(const void *)p);
		break;
	default:
		break;
	}
}

int vfp_model_yaml(char **out, const vfp_model *m, vfp_error *err)
{
	vfp_emit e;

	if (!out || !m)
		return vfp__fail(err, VFP_EINVAL, "no model");
	if (vfp__emit_begin(&e))
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	vfp__emit_open(&e, 1, 0);
	vfp__emit_num(&e, "schema", 1);
	vfp__emit_scalar(&e, "models", 0);
	vfp__emit_open(&e, 0, 0);
	vfp__emit_open(&e, 1, 0);
	for (size_t i = 0; i < vfp__model_field_count; i++)
		if (strcmp(vfp__model_fields[i].key, "card_params") &&
		    strcmp(vfp__model_fields[i].key, "source"))
			emit_field(&e, &vfp__model_fields[i], m);
	/* what only the model card can say */
	vfp__emit_num(&e, "card_params", m->params);
	vfp__emit_str(&e, "source", m->read_as[0] ? m->read_as
					 : "config.json read by vfplan: give "
					   "its Hub id, commit and the card's "
					   "parameter count");
	vfp__emit_close(&e, 1);
	vfp__emit_close(&e, 0);
	vfp__emit_close(&e, 1);
	return vfp__emit_end(&e, out, err);
}
