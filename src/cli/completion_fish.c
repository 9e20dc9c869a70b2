/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * completion_fish.c - `vfplan completion fish`: fish's `complete` lines,
 * from the same captured --help tables as the bash and zsh scripts. The
 * syntax is fish 3's (fish-shell doc/cmds/complete.rst: -c, -n, -l, -s,
 * -r, -f, -a, -d); tests/completion_test.sh runs `fish -n` on it.
 */
#include "cli/completion.h"

#include <stdio.h>
#include <string.h>

/* A single-quoted fish string: only \ and ' are special there; a help's
 * line breaks become spaces. */
static void fish_quoted(const char *s)
{
	putchar('\'');
	for (; *s; s++) {
		if (*s == '\\' || *s == '\'')
			putchar('\\');
		putchar(*s == '\n' ? ' ' : *s);
	}
	putchar('\'');
}

/* Which command the line is in: the first word when it is a command,
 * plan when the line starts with an option or has no word yet (vfplan's
 * default, as main.c dispatches), "calibrate SUB" for calibrate's. */
static void fish_functions(void)
{
	fputs("function __vfplan_command\n"
	      "    set -l words (commandline -opc)\n"
	      "    if test (count $words) -lt 2\n"
	      "        echo plan\n"
	      "        return\n"
	      "    end\n"
	      "    switch $words[2]\n"
	      "        case '-*'\n"
	      "            echo plan\n"
	      "        case calibrate\n"
	      "            if test (count $words) -ge 3\n"
	      "                echo \"calibrate $words[3]\"\n"
	      "            else\n"
	      "                echo calibrate\n"
	      "            end\n"
	      "        case '*'\n"
	      "            echo $words[2]\n"
	      "    end\n"
	      "end\n\n"
	      "function __vfplan_is\n"
	      "    set -l command (__vfplan_command)\n"
	      "    test \"$command\" = \"$argv\"\n"
	      "end\n\n"
	      "function __vfplan_first\n"
	      "    test (count (commandline -opc)) -eq 1\n"
	      "end\n\n", stdout);
}

static void fish_options(const help *h)
{
	for (size_t i = 0; i < h->n; i++) {
		const cli_option *o = &h->options[i];
		printf("complete -c vfplan -n '__vfplan_is %s' -l %s%s -d ",
		       h->path, o->name,
		       o->takes_value == CLI_VALUE ? " -r" : "");
		fish_quoted(o->help);
		putchar('\n');
	}
}

void cli_fish(const helps *hs)
{
	printf("# fish completion for vfplan %s, made by `vfplan completion "
	       "fish` from\n# the option tables of --help. Install it as "
	       "~/.config/fish/completions/vfplan.fish\n# (cmake --install "
	       "puts it in share/fish/vendor_completions.d).\n\n",
	       vfp_version_string());
	fish_functions();
	for (size_t i = 0; i < hs->n_c; i++) {
		printf("complete -c vfplan -n __vfplan_first -f -a %s -d ",
		       hs->c[i].name);
		fish_quoted(hs->c[i].summary);
		putchar('\n');
	}
	fputs("complete -c vfplan -n __vfplan_first -f -a help -d "
	      "'a command\\'s help: vfplan help COMMAND'\n"
	      "complete -c vfplan -n __vfplan_first -l version -s V -d "
	      "'the version'\n"
	      "complete -c vfplan -s h -d 'this help'\n"
	      "complete -c vfplan -l no-config -d 'ignore the VFPLAN_* "
	      "variables and the config file'\n"
	      "complete -c vfplan -n '__vfplan_is calibrate' -f -a "
	      "'fit from-nccl-tests from-run'\n"
	      "complete -c vfplan -n '__vfplan_is completion' -f -a "
	      "'bash zsh fish'\n", stdout);
	for (size_t i = 0; i < hs->n; i++)
		fish_options(&hs->h[i]);
}
