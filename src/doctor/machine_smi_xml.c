/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * machine_smi_xml.c - `nvidia-smi -q -x` (docs/doctor-smi-xml.md): the
 * driver, the CUDA version and, per <gpu>, what the doctor checks, read
 * with expat. Elements are matched by their path below <gpu>
 * ("fb_memory_usage/total"), so the same names inside <mig_devices> or
 * <module_power_readings> are not taken for the GPU's own. Each driver
 * generation's names are rows of one table (DTD v10 to v13 as telegraf's
 * and nvidia-smi's own outputs show them).
 *
 * The machine is written only once the whole document has been read: a
 * file cut short (a full disk, a killed nvidia-smi) is one error line,
 * never half a machine taken for the whole. Text nvidia-smi prints when
 * it cannot run ("NVIDIA-SMI has failed because it couldn't communicate
 * with the NVIDIA driver", "No devices were found") is what the machine
 * says, not a bad file: it is read as smi_error with no GPU.
 */
#include "doctor/doctor.h"

#include <expat.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_DEPTH = 64, MAX_PATH = 512, MAX_TEXT = 256 };

typedef struct smi_parse {
	XML_Parser p;
	const char *name;
	int depth;                   /* open elements; the root is 1 */
	size_t path_at[MAX_DEPTH];   /* the path's length at each depth */
	char path[MAX_PATH];         /* "nvidia_smi_log/gpu/pci/..." */
	char text[MAX_TEXT];         /* the open element's text */
	size_t text_len;
	vfp_machine_gpu gpu[VFP_MACHINE_MAX_GPUS];
	vfp_machine_gpu *cur;        /* the <gpu> open; NULL past 16 */
	int seen;                    /* <gpu> elements, all of them */
	int attached;                /* <attached_gpus>; -1 not printed */
	char driver[32], cuda[16];
	char refused[160];           /* why the parser was stopped */
} smi_parse;

/* ---- values as nvidia-smi prints them ---- */

/* "N/A", "[N/A]", "[Not Supported]", "Unknown Error": not a value. */
static int printed(const char *s)
{
	return *s && *s != '[' && strcmp(s, "N/A") != 0;
}

/* The number leading s ("81559 MiB", "700.00 W", "16x", "4"), then its
 * unit word; -1 when there is none. */
static double number(const char *s, const char **unit)
{
	char *end;
	double v;

	*unit = "";
	if (!printed(s) || !((*s >= '0' && *s <= '9') || *s == '.'))
		return -1;
	v = vfp__strtod(s, &end);
	if (end == s || !(v >= 0 && v < 1e300))
		return -1;
	while (*end == ' ')
		end++;
	*unit = end;
	return v;
}

/* fb_memory_usage and used_memory: "81559 MiB" (MiB = 2^20 bytes) */
static double bytes_of(const char *s)
{
	const char *u;
	double v = number(s, &u);

	if (v < 0)
		return -1;
	if (strcmp(u, "MiB") == 0)
		return v * 1048576.0;
	if (strcmp(u, "GiB") == 0)
		return v * 1073741824.0;
	if (strcmp(u, "KiB") == 0)
		return v * 1024.0;
	return -1; /* no unit, or one nvidia-smi does not print here */
}

/* Enabled/Disabled, Yes/No: 1, 0, or -1 (N/A, [Not Supported]) */
static int yes_no(const char *s)
{
	if (!strcmp(s, "Enabled") || !strcmp(s, "Yes"))
		return 1;
	if (!strcmp(s, "Disabled") || !strcmp(s, "No"))
		return 0;
	return -1;
}

/* ---- the per-GPU elements ---- */

typedef enum sx_kind {
	SX_TEXT,   /* copied ("" for N/A) */
	SX_INT,    /* "4", "16x" */
	SX_BYTES,  /* "81559 MiB" */
	SX_WATTS,  /* "700.00 W" */
	SX_CELSIUS, /* "41 C" */
	SX_SWITCH, /* Enabled/Disabled, Yes/No */
	SX_WATTS_IF_UNSET /* power_limit: the limit asked; enforced wins */
} sx_kind;

typedef struct sx_field {
	const char *path; /* below <gpu> */
	sx_kind kind;
	size_t at, size;  /* offset in vfp_machine_gpu; the text's size */
} sx_field;

#define G(f) offsetof(vfp_machine_gpu, f), sizeof(((vfp_machine_gpu *)0)->f)
#define LINK "pci/pci_gpu_link_info/"

static const sx_field fields[] = {
	{"product_name", SX_TEXT, G(name)},
	{"product_architecture", SX_TEXT, G(arch)},
	{"pci/pci_bus_id", SX_TEXT, G(bus_id)}, /* when <gpu> has no id */
	{"fb_memory_usage/total", SX_BYTES, G(memory_total_bytes)},
	{"fb_memory_usage/used", SX_BYTES, G(memory_used_bytes)},
	{LINK "pcie_gen/current_link_gen", SX_INT, G(pcie_gen)},
	{LINK "pcie_gen/max_link_gen", SX_INT, G(pcie_gen_max)},
	{LINK "link_widths/current_link_width", SX_INT, G(pcie_width)},
	{LINK "link_widths/max_link_width", SX_INT, G(pcie_width_max)},
	{"mig_mode/current_mig", SX_SWITCH, G(mig)},
	{"mig_mode/pending_mig", SX_SWITCH, G(mig_pending)},
	{"ecc_mode/current_ecc", SX_SWITCH, G(ecc)},
	{"remapped_rows/remapped_row_pending", SX_SWITCH, G(remap_pending)},
	{"remapped_rows/remapped_row_failure", SX_SWITCH, G(remap_failure)},
	{"persistence_mode", SX_SWITCH, G(persistence)},
	/* up to 525 (the fixtures: 418.43 to 525.147.05) */
	{"power_readings/power_limit", SX_WATTS_IF_UNSET, G(power_limit_w)},
	{"power_readings/enforced_power_limit", SX_WATTS, G(power_limit_w)},
	{"power_readings/default_power_limit", SX_WATTS, G(power_default_w)},
	{"power_readings/max_power_limit", SX_WATTS, G(power_max_w)},
	/* 535 on (535.54.03 to 595.84): current is the enforced limit */
	{"gpu_power_readings/current_power_limit", SX_WATTS, G(power_limit_w)},
	{"gpu_power_readings/default_power_limit", SX_WATTS,
	 G(power_default_w)},
	{"gpu_power_readings/max_power_limit", SX_WATTS, G(power_max_w)},
	{"fabric/state", SX_TEXT, G(fabric_state)},
	{"fabric/status", SX_TEXT, G(fabric_status)},
	{"compute_mode", SX_TEXT, G(compute_mode)},
	{"temperature/gpu_temp", SX_CELSIUS, G(temperature_c)},
};

/* One table row's value; a number not printed never replaces one that
 * was (enforced_power_limit N/A after power_limit 200 W). */
static void set_field(vfp_machine_gpu *g, const sx_field *f, const char *s)
{
	char *at = (char *)g + f->at;
	const char *unit;
	double v;

	switch (f->kind) {
	case SX_TEXT:
		vfp__text_clean(at, f->size, printed(s) ? s : "");
		return;
	case SX_SWITCH:
		if (yes_no(s) >= 0)
			*(int *)(void *)at = yes_no(s);
		return;
	case SX_BYTES:
		v = bytes_of(s);
		break;
	case SX_INT:
		v = number(s, &unit);
		if (v > 1e6 || (*unit && strcmp(unit, "x") != 0))
			v = -1;
		if (v >= 0)
			*(int *)(void *)at = (int)v;
		return;
	case SX_WATTS_IF_UNSET:
		if (*(double *)(void *)at >= 0)
			return;
		/* fall through */
	case SX_WATTS:
		v = number(s, &unit);
		v = strcmp(unit, "W") == 0 ? v : -1;
		break;
	case SX_CELSIUS:
		v = number(s, &unit);
		v = strcmp(unit, "C") == 0 ? v : -1;
		break;
	default: return;
	}
	if (v >= 0)
		*(double *)(void *)at = v;
}

/* The readable names of clocks_event_reasons' (clocks_throttle_reasons'
 * up to driver 525) elements, as `nvidia-smi -q` prints them. gpu_idle
 * is left out: an idle GPU runs slow by design, not a fault. */
static const char *const reasons[][2] = {
	{"applications_clocks_setting", "Applications Clocks Setting"},
	{"sw_power_cap", "SW Power Cap"},
	{"hw_slowdown", "HW Slowdown"},
	{"hw_thermal_slowdown", "HW Thermal Slowdown"},
	{"hw_power_brake_slowdown", "HW Power Brake Slowdown"},
	{"sync_boost", "Sync Boost"},
	{"sw_thermal_slowdown", "SW Thermal Slowdown"},
	{"display_clocks_setting", "Display Clocks Setting"},
};

static void add_reason(vfp_machine_gpu *g, const char *reason)
{
	const char *name = reason;
	size_t n = strlen(g->throttle);

	if (!strcmp(reason, "gpu_idle"))
		return;
	for (size_t i = 0; i < VFP_ARRAY_LEN(reasons); i++)
		if (!strcmp(reason, reasons[i][0]))
			name = reasons[i][1];
	vfp__snprintf(g->throttle + n, sizeof(g->throttle) - n, "%s%s",
		      n ? ", " : "", name);
}

/* An uncorrectable ECC count added to its total (-1 until one is read). */
static void add_count(long long *total, const char *s)
{
	const char *unit;
	double v = number(s, &unit);

	if (v < 0 || *unit || v > 1e15)
		return;
	*total = (*total < 0 ? 0 : *total) + (long long)v;
}

/* ecc_errors/volatile/... and .../aggregate/...: the uncorrectable counts
 * of every driver: double_bit/total (418, 460), sram_uncorrectable and
 * dram_uncorrectable (515-535), sram_uncorrectable_parity and _secded
 * (595; docs/doctor-smi-xml.md). aggregate_uncorrectable_sram_sources, a breakdown of
 * the same errors, is outside <aggregate> and not counted twice. */
static int read_ecc(vfp_machine_gpu *g, const char *rel, const char *s)
{
	long long *total;
	const char *leaf;

	if (!strncmp(rel, "ecc_errors/volatile/", 20)) {
		total = &g->ecc_uncorrected_volatile;
		leaf = rel + 20;
	} else if (!strncmp(rel, "ecc_errors/aggregate/", 21)) {
		total = &g->ecc_uncorrected_aggregate;
		leaf = rel + 21;
	} else {
		return 0;
	}
	if (!strcmp(leaf, "double_bit/total") ||
	    (!strchr(leaf, '/') && strstr(leaf, "uncorrectable")))
		add_count(total, s);
	return 1;
}

/* The other elements below <gpu> that are not one table row. */
static int read_special(vfp_machine_gpu *g, const char *rel, const char *s)
{
	static const char *const throttle[] = {
		"clocks_event_reasons/clocks_event_reason_",
		"clocks_throttle_reasons/clocks_throttle_reason_"};

	if (!strcmp(rel, "processes/process_info/used_memory")) {
		double b = bytes_of(s);
		if (b >= 0)
			g->process_bytes += b;
		return 1;
	}
	for (size_t i = 0; i < VFP_ARRAY_LEN(throttle); i++) {
		size_t n = strlen(throttle[i]);
		if (!strncmp(rel, throttle[i], n)) {
			if (!strcmp(s, "Active"))
				add_reason(g, rel + n);
			return 1;
		}
	}
	return read_ecc(g, rel, s);
}

static void read_gpu_leaf(vfp_machine_gpu *g, const char *rel, const char *s)
{
	if (read_special(g, rel, s))
		return;
	for (size_t i = 0; i < VFP_ARRAY_LEN(fields); i++) {
		if (strcmp(rel, fields[i].path) != 0)
			continue;
		/* the id attribute named the bus already */
		if (fields[i].at == offsetof(vfp_machine_gpu, bus_id) &&
		    g->bus_id[0])
			return;
		set_field(g, &fields[i], s);
		return;
	}
}

/* ---- expat's callbacks ---- */

#define ROOT "nvidia_smi_log/"
#define IN_GPU ROOT "gpu/"

/* Stops the parser; why ends "... <svg>", what the error line says. */
static void stop(smi_parse *st, const char *why, const char *what,
		 const char *after)
{
	if (!st->refused[0])
		vfp__snprintf(st->refused, sizeof(st->refused), "%s%.60s%s",
			      why, what, after);
	XML_StopParser(st->p, XML_FALSE);
}

/* <gpu id="00000000:18:00.0">: the next GPU, its bus from the id. */
static void gpu_start(smi_parse *st, const char **attr)
{
	st->cur = st->seen < VFP_MACHINE_MAX_GPUS ? &st->gpu[st->seen] : NULL;
	st->seen++;
	if (!st->cur)
		return; /* past 16: counted, not kept (see gpus_listed) */
	for (int i = 0; attr[i] && attr[i + 1]; i += 2)
		if (!strcmp(attr[i], "id"))
			vfp__text_clean(st->cur->bus_id,
					sizeof(st->cur->bus_id), attr[i + 1]);
}

/* The path below <gpu> of the element at the path's end, or NULL. */
static const char *gpu_relative(const smi_parse *st)
{
	size_t n = strlen(IN_GPU);

	return st->cur && !strncmp(st->path, IN_GPU, n) ? st->path + n : NULL;
}

static void XMLCALL on_start(void *data, const XML_Char *el,
			     const XML_Char **attr)
{
	smi_parse *st = data;
	size_t len = strlen(st->path), add = strlen(el) + (len ? 1 : 0);
	const char *rel;

	if (st->depth == 0 && strcmp(el, "nvidia_smi_log") != 0) {
		stop(st, "its root element is <", el,
		     ">, not <nvidia_smi_log>");
		return;
	}
	if (st->depth < MAX_DEPTH)
		st->path_at[st->depth] = len;
	st->depth++;
	st->text_len = 0;
	st->text[0] = '\0';
	if (st->depth > MAX_DEPTH || len + add >= sizeof(st->path)) {
		/* too deep for nvidia-smi: a path no row matches */
		if (st->depth <= MAX_DEPTH)
			vfp__snprintf(st->path + len, sizeof(st->path) - len,
				      "%s", len ? "/?" : "?");
		return;
	}
	vfp__snprintf(st->path + len, sizeof(st->path) - len, "%s%s",
		      len ? "/" : "", el);
	if (!strcmp(st->path, ROOT "gpu"))
		gpu_start(st, attr);
	else if ((rel = gpu_relative(st)) && !strcmp(rel, "processes"))
		st->cur->processes = 0, st->cur->process_bytes = 0;
	else if (rel && !strcmp(rel, "processes/process_info"))
		st->cur->processes++;
}

static void XMLCALL on_text(void *data, const XML_Char *s, int len)
{
	smi_parse *st = data;
	size_t room = sizeof(st->text) - 1 - st->text_len;
	size_t n = len > 0 ? (size_t)len : 0;

	if (n > room)
		n = room; /* a value longer than any nvidia-smi prints */
	memcpy(st->text + st->text_len, s, n);
	st->text_len += n;
	st->text[st->text_len] = '\0';
}

/* The element's text with the white space around it removed. */
static char *trimmed(smi_parse *st)
{
	char *s = st->text, *e = st->text + st->text_len;

	while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
		s++;
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' ||
			 e[-1] == '\r'))
		e--;
	*e = '\0';
	return s;
}

static void read_top_leaf(smi_parse *st, const char *s)
{
	const char *unit;
	double v;

	if (!strcmp(st->path, ROOT "driver_version"))
		vfp__text_clean(st->driver, sizeof(st->driver), s);
	else if (!strcmp(st->path, ROOT "cuda_version"))
		vfp__text_clean(st->cuda, sizeof(st->cuda), printed(s) ? s : "");
	else if (!strcmp(st->path, ROOT "attached_gpus")) {
		v = number(s, &unit);
		/* more than any machine has: not a count nvidia-smi prints */
		st->attached = v >= 0 && v <= 4096 && !*unit ? (int)v : -1;
	}
}

static void XMLCALL on_end(void *data, const XML_Char *el)
{
	smi_parse *st = data;
	const char *rel = gpu_relative(st);
	char *s = trimmed(st);

	(void)el;
	if (rel)
		read_gpu_leaf(st->cur, rel, s);
	else if (st->depth == 2)
		read_top_leaf(st, s);
	if (st->depth == 2 && !strcmp(st->path, ROOT "gpu"))
		st->cur = NULL;
	st->depth--;
	if (st->depth < MAX_DEPTH)
		st->path[st->path_at[st->depth]] = '\0';
	st->text_len = 0;
	st->text[0] = '\0';
}

/* nvidia-smi prints no internal DTD subset and no entity: one that does
 * is another file, and entities are how XML bombs grow. */
static void XMLCALL on_doctype(void *data, const XML_Char *name,
			       const XML_Char *sysid, const XML_Char *pubid,
			       int has_internal_subset)
{
	(void)sysid;
	(void)pubid;
	if (has_internal_subset)
		stop(data, "it declares its own DTD for <", name, ">");
}

static void XMLCALL on_entity(void *data, const XML_Char *name, int is_param,
			      const XML_Char *value, int value_length,
			      const XML_Char *base, const XML_Char *system_id,
			      const XML_Char *public_id,
			      const XML_Char *notation)
{
	(void)is_param, (void)value, (void)value_length, (void)base;
	(void)system_id, (void)public_id, (void)notation;
	stop(data, "it declares an entity, ", name, "");
}

/* &x; under an external DTD that expat does not read: its text would be
 * dropped unsaid. nvidia-smi writes only the predefined &amp; &lt; ... */
static void XMLCALL on_skipped(void *data, const XML_Char *name,
			       int is_param)
{
	(void)is_param;
	stop(data, "it refers to an entity it does not declare, &", name,
	     ";");
}

/* ---- the document ---- */

/* What nvidia-smi prints (on stdout) when it cannot query the GPUs. */
static const char *const failures[] = {
	"NVIDIA-SMI has failed",
	"No devices were found",
	"Failed to initialize NVML",
	"Unable to determine the device handle",
	"NVIDIA-SMI couldn't find libnvidia-ml.so",
	"Driver/library version mismatch",
};

static int is_failure(const char *line)
{
	for (size_t i = 0; i < VFP_ARRAY_LEN(failures); i++)
		if (!strncmp(line, failures[i], strlen(failures[i])))
			return 1;
	return 0;
}

/* The first line of s[0, len), cleaned, into buf. */
static void first_line(char *buf, size_t size, const char *s, size_t len)
{
	char line[200];
	size_t n = 0;

	while (n < len && n < sizeof(line) - 1 && s[n] != '\n' &&
	       s[n] != '\r')
		n++;
	memcpy(line, s, n);
	line[n] = '\0';
	vfp__text_clean(buf, size, line);
}

/* The expat error as one line: where it stopped and why. */
static int xml_error(const smi_parse *st, unsigned line0, vfp_error *err)
{
	unsigned line = (unsigned)XML_GetCurrentLineNumber(st->p) + line0;
	unsigned col = (unsigned)XML_GetCurrentColumnNumber(st->p) + 1;

	if (st->refused[0])
		return vfp__fail_at(err, VFP_EPARSE, st->name, line, col,
				    "not the XML nvidia-smi -q -x prints: %s",
				    st->refused);
	return vfp__fail_at(err, VFP_EPARSE, st->name, line, col,
			    "not the XML nvidia-smi -q -x prints: %s",
			    XML_ErrorString(XML_GetErrorCode(st->p)));
}

/* Well formed so far, then the text ended: the file was cut short. */
static int cut_short(const smi_parse *st, unsigned line0, vfp_error *err)
{
	unsigned line = (unsigned)XML_GetCurrentLineNumber(st->p) + line0;
	unsigned col = (unsigned)XML_GetCurrentColumnNumber(st->p) + 1;
	const char *open = strrchr(st->path, '/');
	char where[64] = "";

	if (!strncmp(st->path, ROOT "gpu", strlen(ROOT "gpu")))
		vfp__snprintf(where, sizeof(where), " of GPU %d", st->seen);
	if (where[0] && st->attached > 0)
		vfp__snprintf(where, sizeof(where), " of GPU %d of %d",
			      st->seen, st->attached);
	return vfp__fail_at(err, VFP_EPARSE, st->name, line, col,
			    "nvidia-smi -q -x cut short: the text ends "
			    "inside <%s>%s (a full disk, a killed "
			    "nvidia-smi?); save its output again",
			    open ? open + 1 : st->path[0] ? st->path
							  : "nvidia_smi_log",
			    where);
}

/* expat takes an int length: a long text goes in pieces. */
static int feed(smi_parse *st, const char *xml, size_t len, unsigned line0,
		vfp_error *err)
{
	while (len) {
		int n = len > (1u << 30) ? 1 << 30 : (int)len;
		if (XML_Parse(st->p, xml, n, XML_FALSE) != XML_STATUS_OK)
			return xml_error(st, line0, err);
		xml += n;
		len -= (size_t)n;
	}
	/* ended well formed inside an element: cut short; before the root
	   ("<?xml ...?>" alone): expat's "no element found" */
	if (XML_Parse(st->p, "", 0, XML_TRUE) != XML_STATUS_OK)
		return st->refused[0] || st->depth == 0
			       ? xml_error(st, line0, err)
			       : cut_short(st, line0, err);
	return 0;
}

static int parse(smi_parse *st, const char *xml, size_t len, unsigned line0,
		 vfp_error *err)
{
	int rc;

	st->p = XML_ParserCreate(NULL);
	if (!st->p)
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	XML_SetUserData(st->p, st);
	XML_SetElementHandler(st->p, on_start, on_end);
	XML_SetCharacterDataHandler(st->p, on_text);
	XML_SetStartDoctypeDeclHandler(st->p, on_doctype);
	XML_SetEntityDeclHandler(st->p, on_entity);
	XML_SetSkippedEntityHandler(st->p, on_skipped);
	rc = feed(st, xml, len, line0, err);
	XML_ParserFree(st->p);
	st->p = NULL;
	return rc;
}

/* The first occurrence of what in s[0, len), or NULL. */
static const char *find(const char *s, size_t len, const char *what)
{
	size_t n = strlen(what);

	for (size_t i = 0; i + n <= len; i++)
		if (s[i] == what[0] && !memcmp(s + i, what, n))
			return s + i;
	return NULL;
}

static unsigned lines_before(const char *text, const char *at)
{
	unsigned n = 0;

	for (; text < at; text++)
		n += *text == '\n';
	return n;
}

/* The machine from a whole document: GPUs past 16 are counted in gpus,
 * gpu[] keeps the first 16 (gpus_listed). */
static void commit(vfp_machine *m, const smi_parse *st, const char *error)
{
	m->gpus = st->attached > st->seen ? st->attached : st->seen;
	m->gpus_listed = st->seen < VFP_MACHINE_MAX_GPUS
				 ? st->seen
				 : VFP_MACHINE_MAX_GPUS;
	memcpy(m->gpu, st->gpu, sizeof(m->gpu));
	vfp__strlcpy(m->driver, st->driver, sizeof(m->driver));
	vfp__strlcpy(m->cuda, st->cuda, sizeof(m->cuda));
	vfp__strlcpy(m->smi_error, error, sizeof(m->smi_error));
}

static int read_xml(vfp_machine *m, const char *name, const char *text,
		    const char *xml, size_t len, const char *error,
		    vfp_error *err)
{
	smi_parse *st = calloc(1, sizeof(*st));
	int rc;

	if (!st)
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	st->name = name;
	st->attached = -1;
	for (int i = 0; i < VFP_MACHINE_MAX_GPUS; i++)
		vfp__machine_gpu_unknown(&st->gpu[i]);
	rc = parse(st, xml, len, lines_before(text, xml), err);
	if (rc == 0)
		commit(m, st, error);
	free(st);
	return rc;
}

/* No XML: nvidia-smi's own failure line is the machine's answer (no
 * GPU), anything else is another file. */
static int read_failure(vfp_machine *m, const char *name, const char *s,
			size_t len, vfp_error *err)
{
	char line[sizeof(m->smi_error)];

	first_line(line, sizeof(line), s, len);
	if (!is_failure(line))
		return vfp__fail_at(err, VFP_EPARSE, name, 1, 1,
				    "not the XML nvidia-smi -q -x prints: it "
				    "begins \"%.60s\"", line);
	vfp__strlcpy(m->smi_error, line, sizeof(m->smi_error));
	m->gpus = m->gpus_listed = 0;
	m->driver[0] = m->cuda[0] = '\0';
	return 0;
}

int vfp__smi_xml_read(vfp_machine *m, const char *name, const char *text,
		      size_t len, vfp_error *err)
{
	const char *s = text, *end = text + len, *xml;
	char error[sizeof(m->smi_error)] = "";

	if (len >= 3 && !memcmp(s, "\xEF\xBB\xBF", 3))
		s += 3; /* a UTF-8 byte order mark, from an editor */
	while (s < end && (*s == ' ' || *s == '\t' || *s == '\n' ||
			   *s == '\r'))
		s++;
	if (s == end)
		return vfp__fail_at(err, VFP_EPARSE, name, 1, 1,
				    "empty: nvidia-smi -q -x printed nothing");
	if (*s == '<')
		return read_xml(m, name, text, s, (size_t)(end - s), "", err);
	/* lines before the XML: nvidia-smi's complaint about one GPU
	   ("Unable to determine the device handle for GPU ...") */
	xml = find(s, (size_t)(end - s), "<?xml");
	if (!xml)
		xml = find(s, (size_t)(end - s), "<nvidia_smi_log");
	if (!xml)
		return read_failure(m, name, s, (size_t)(end - s), err);
	first_line(error, sizeof(error), s, (size_t)(xml - s));
	return read_xml(m, name, text, xml, (size_t)(end - xml), error, err);
}
