/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * cmd_completion.c - `vfplan completion bash|zsh|fish` and `vfplan man`: the
 * shell completions and the vfplan(1) page, made from the option tables
 * every command hands to cli_print_help, so that --help, completion and
 * the manual cannot drift apart. Each command's --help is run with its
 * output captured (cli_capture_help); nothing else is printed meanwhile.
 */
#include "cli/completion.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void keep(void *ctx, const char *usage, const char *summary,
		 const cli_option *options, size_t n)
{
	helps *hs = ctx;
	help *h;

	if (hs->n >= MAX_HELPS || n > CLI_MAX_OPTIONS)
		return;
	h = &hs->h[hs->n++];
	snprintf(h->path, sizeof(h->path), "%s", hs->path);
	snprintf(h->usage, sizeof(h->usage), "%s", usage);
	snprintf(h->summary, sizeof(h->summary), "%s", summary);
	memcpy(h->options, options, n * sizeof(*options));
	h->n = n;
}

/* Runs `vfplan ARGS --help` with its help captured and stdout muted. */
static void capture(helps *hs, const char *path, char **argv, int argc)
{
	hs->path = path;
	for (size_t i = 0; i < hs->n_c; i++)
		if (strcmp(hs->c[i].name, argv[0]) == 0)
			(void)hs->c[i].run(argc, argv);
}

static void collect(helps *hs)
{
	static const char *const subs[] = {"fit", "from-nccl-tests",
					   "from-run"};
	const cli_command *c = hs->c;
	size_t n = hs->n_c;
	int saved, null;

	fflush(stdout);
	saved = dup(STDOUT_FILENO);
	null = open("/dev/null", O_WRONLY);
	if (null >= 0)
		dup2(null, STDOUT_FILENO);
	cli_capture_help(keep, hs);
	for (size_t i = 0; i < n; i++) {
		char *argv[] = {(char *)c[i].name, (char *)"--help", NULL};
		if (strcmp(c[i].name, "calibrate") && strcmp(c[i].name, "man") &&
		    strcmp(c[i].name, "completion"))
			capture(hs, c[i].name, argv, 2);
	}
	for (size_t i = 0; i < sizeof(subs) / sizeof(subs[0]); i++) {
		char path[48], *argv[] = {(char *)"calibrate", (char *)subs[i],
					  (char *)"--help", NULL};
		snprintf(path, sizeof(path), "calibrate %s", subs[i]);
		capture(hs, path, argv, 3);
	}
	cli_capture_help(NULL, NULL);
	fflush(stdout);
	if (saved >= 0) {
		dup2(saved, STDOUT_FILENO);
		close(saved);
	}
	if (null >= 0)
		close(null);
}

/* ---- bash ---- */

static void bash_options(const help *h)
{
	fputs("opts=\"", stdout);
	for (size_t i = 0; i < h->n; i++)
		printf("%s--%s", i ? " " : "", h->options[i].name);
	fputs(" --no-config\" ;;\n", stdout);
}

static void bash(const helps *hs)
{
	const cli_command *c = hs->c;
	size_t n = hs->n_c;

	printf("# bash completion for vfplan %s, made by `vfplan completion "
	       "bash` from\n# the option tables of --help. Install it as "
	       "~/.local/share/bash-completion/\n# completions/vfplan, or "
	       "source it.\n_vfplan() {\n\tlocal cur=${COMP_WORDS[COMP_CWORD]}"
	       " cmd=${COMP_WORDS[1]}\n\tlocal sub=${COMP_WORDS[2]} opts\n"
	       "\tif [ \"$COMP_CWORD\" -eq 1 ]; then\n\t\tCOMPREPLY=($(compgen "
	       "-W \"", vfp_version_string());
	for (size_t i = 0; i < n; i++)
		printf("%s ", c[i].name);
	printf("--help --version\" -- \"$cur\"))\n\t\treturn\n\tfi\n"
	       "\tcase \"$cmd\" in\n");
	for (size_t i = 0; i < hs->n; i++) {
		const help *h = &hs->h[i];
		if (strncmp(h->path, "calibrate ", 10) == 0)
			continue;
		printf("\t%s%s) ", h->path,
		       strcmp(h->path, "plan") == 0 ? "|--*" : "");
		bash_options(h);
	}
	printf("\tcalibrate)\n\t\tcase \"$sub\" in\n");
	for (size_t i = 0; i < hs->n; i++)
		if (strncmp(hs->h[i].path, "calibrate ", 10) == 0) {
			printf("\t\t%s) ", hs->h[i].path + 10);
			bash_options(&hs->h[i]);
		}
	printf("\t\t*) COMPREPLY=($(compgen -W \"fit from-nccl-tests "
	       "from-run\" -- \"$cur\"))\n\t\t\treturn ;;\n\t\tesac ;;\n"
	       "\tcompletion) COMPREPLY=($(compgen -W \"bash zsh fish\" -- "
	       "\"$cur\")); return ;;\n\tesac\n"
	       "\tcase \"$cur\" in\n\t-*) COMPREPLY=($(compgen -W \"$opts\" "
	       "-- \"$cur\")) ;;\n\t*) COMPREPLY=($(compgen -f -- \"$cur\")) "
	       ";;\n\tesac\n}\ncomplete -F _vfplan vfplan\n");
}

/* ---- zsh ---- */

/* Text inside a single-quoted _arguments spec's [...]: no quote, no
 * bracket, no colon. */
static void zsh_text(const char *s)
{
	for (; *s; s++) {
		if (*s == '\'')
			fputs("'\\''", stdout);
		else if (*s == '[' || *s == ']')
			printf("\\%c", *s);
		else if (*s == ':')
			fputs("\\:", stdout);
		else if (*s == '\n')
			putchar(' ');
		else
			putchar(*s);
	}
}

static void zsh_arguments(const help *h, const char *indent)
{
	printf("%s_arguments \\\n", indent);
	for (size_t i = 0; i < h->n; i++) {
		const cli_option *o = &h->options[i];
		printf("%s  '--%s%s[", indent, o->name,
		       o->takes_value == CLI_OPTIONAL_VALUE ? "=-" : "");
		zsh_text(o->help);
		printf("]%s", o->takes_value == CLI_VALUE ? ":" :
			      o->takes_value == CLI_OPTIONAL_VALUE ? "::" : "");
		if (o->takes_value != CLI_FLAG) {
			zsh_text(o->value_name);
			fputs(":_files", stdout);
		}
		fputs("' \\\n", stdout);
	}
	printf("%s  '--no-config[ignore the VFPLAN_* variables and the "
	       "config file]' \\\n%s  '*:file:_files' ;;\n", indent, indent);
}

static void zsh(const helps *hs)
{
	const cli_command *c = hs->c;
	size_t n = hs->n_c;

	printf("#compdef vfplan\n# zsh completion for vfplan %s, made by "
	       "`vfplan completion zsh` from\n# the option tables of --help. "
	       "Install it as _vfplan in a directory of $fpath.\n"
	       "_vfplan() {\n  local line state\n  local -a commands\n"
	       "  commands=(\n", vfp_version_string());
	for (size_t i = 0; i < n; i++) {
		printf("    '%s:", c[i].name);
		zsh_text(c[i].summary);
		fputs("'\n", stdout);
	}
	printf("  )\n  _arguments -C '1: :->command' '*:: :->args'\n"
	       "  case $state in\n  command) _describe -t commands 'vfplan "
	       "command' commands ;;\n  args)\n    case $line[1] in\n");
	for (size_t i = 0; i < hs->n; i++) {
		if (strncmp(hs->h[i].path, "calibrate ", 10) == 0)
			continue;
		printf("    %s)\n", hs->h[i].path);
		zsh_arguments(&hs->h[i], "      ");
	}
	printf("    calibrate)\n      case $line[2] in\n");
	for (size_t i = 0; i < hs->n; i++)
		if (strncmp(hs->h[i].path, "calibrate ", 10) == 0) {
			printf("      %s)\n", hs->h[i].path + 10);
			zsh_arguments(&hs->h[i], "        ");
		}
	printf("      *) _values 'calibrate command' fit from-nccl-tests "
	       "from-run ;;\n      esac ;;\n    completion) _values 'shell' "
	       "bash zsh fish ;;\n    esac ;;\n  esac\n}\n_vfplan \"$@\"\n");
}

int cli_completion(const cli_command *c, size_t n, int argc, char **argv)
{
	static helps hs;
	static const char usage[] = "usage: vfplan completion bash|zsh|fish "
				    "(the script on standard output)";

	if (argc == 2 && strcmp(argv[1], "--help") == 0) {
		printf("%s\n\nInstall: bash-completion's completions/vfplan, "
		       "zsh's _vfplan in $fpath,\nfish's "
		       "vendor_completions.d/vfplan.fish (cmake --install puts "
		       "all three in place).\n", usage);
		return CLI_EXIT_OK;
	}
	if (argc != 2 || (strcmp(argv[1], "bash") && strcmp(argv[1], "zsh") &&
			  strcmp(argv[1], "fish")))
		return front_usage_error("%s", usage);
	hs.n = 0;
	hs.c = c;
	hs.n_c = n;
	collect(&hs);
	if (strcmp(argv[1], "bash") == 0)
		bash(&hs);
	else if (strcmp(argv[1], "zsh") == 0)
		zsh(&hs);
	else
		cli_fish(&hs);
	return CLI_EXIT_OK;
}

/* ---- man ---- */

/* roff text: backslashes and a leading dot or quote made literal. */
static void roff(const char *s)
{
	int bol = 1;

	for (; *s; s++) {
		if (bol && (*s == '.' || *s == '\''))
			fputs("\\&", stdout);
		bol = *s == '\n';
		if (*s == '\\')
			fputs("\\e", stdout);
		else if (*s == '-')
			fputs("\\-", stdout);
		else
			putchar(*s);
	}
}

static void man_command(const help *h)
{
	printf(".SS %s\n.B ", h->path);
	roff(h->usage);
	fputs("\n.PP\n", stdout);
	roff(h->summary);
	putchar('\n');
	for (size_t i = 0; i < h->n; i++) {
		const cli_option *o = &h->options[i];
		printf(".TP\n.B \\-\\-");
		roff(o->name);
		if (o->takes_value != CLI_FLAG) {
			fputs(o->takes_value == CLI_OPTIONAL_VALUE ? " [\\fI"
								   : " \\fI",
			      stdout);
			roff(o->value_name);
			fputs(o->takes_value == CLI_OPTIONAL_VALUE ? "\\fR]"
								   : "\\fR",
			      stdout);
		}
		fputs("\n", stdout);
		roff(o->help);
		putchar('\n');
	}
}

int cli_man(const cli_command *c, size_t n, int argc, char **argv)
{
	static helps hs;

	if (argc == 2 && strcmp(argv[1], "--help") == 0) {
		puts("usage: vfplan man\n\nThe vfplan(1) page on standard "
		     "output: vfplan man | man -l -");
		return CLI_EXIT_OK;
	}
	if (argc != 1)
		return front_usage_error("usage: vfplan man (the vfplan(1) "
					 "page on standard output: vfplan man "
					 "| man -l -)");
	hs.n = 0;
	hs.c = c;
	hs.n_c = n;
	collect(&hs);
	printf(".TH VFPLAN 1 \"\" \"vfplan %s\" \"User Commands\"\n"
	       ".SH NAME\nvfplan \\- plan GPU training and serving jobs "
	       "before you rent\n.SH SYNOPSIS\n.B vfplan\n[\\fIcommand\\fR] "
	       "[\\fIoptions\\fR]\n.br\n.B vfplan \\-\\-model 8B \\-\\-gpus "
	       "4xH100 \\-\\-strategy zero3\n.SH DESCRIPTION\nvfplan says "
	       "whether a training, fine-tuning or serving job fits, how fast "
	       "it runs,\nwhat it costs and which machine to rent. Without a "
	       "command it plans (\\fBplan\\fR).\nEvery figure names its "
	       "source; \\fB\\-\\-json\\fR gives them all.\n"
	       ".SH COMMANDS\n", vfp_version_string());
	for (size_t i = 0; i < hs.n; i++)
		man_command(&hs.h[i]);
	fputs(".SH EVERY COMMAND\n.TP\n.B \\-\\-no\\-config\nignore the "
	      "VFPLAN_* variables and the config file below\n.TP\n"
	      ".B \\-\\-json\nwith it, an error is also a JSON object on "
	      "standard output: {\"error\": {\"message\", \"exit_code\"}}\n"
	      ".SH ENVIRONMENT\n.TP\n.B VFPLAN_CURRENCY, VFPLAN_UNITS, "
	      "VFPLAN_DATA, VFPLAN_OFFERS\nDefaults of \\-\\-currency, "
	      "\\-\\-units, \\-\\-data and \\-\\-offers; the command line "
	      "wins, \\-\\-no\\-config ignores them.\n.SH FILES\n.TP\n"
	      ".I ~/.config/vfplan/config.yaml\n($XDG_CONFIG_HOME/vfplan/"
	      "config.yaml) the same four defaults, as a mapping:\n"
	      ".B currency: USD\n.SH EXIT STATUS\n.TP\n0\nan answer (a plan "
	      "that does not fit included)\n.TP\n1\nan internal error\n.TP\n"
	      "2\nbad input, what the engine or framework would refuse, or an "
	      "output that cannot be written\n"
	      ".TP\n3\nnothing fits (rent, launch, when no offer or plan "
	      "serves the job)\n.SH SEE ALSO\n.BR libvfplan (3),\nthe "
	      "documentation in docs/ of the source tree.\n", stdout);
	return CLI_EXIT_OK;
}
