/*
 * serve_widget.h - the pricing widget `vfplan serve` answers at "/": the
 * files of src/cli/widget/ (index.html, widget.js, widget.css), compiled
 * into the binary at build time (widget_assets.cmake), served from memory.
 */
#ifndef VFP_SERVE_WIDGET_H
#define VFP_SERVE_WIDGET_H

#include <stddef.h>

/* The widget's file at URL path `path` (no query string): "/" and
 * "/index.html" (the page), "/widget.js", "/widget.css". Returns 0 and
 * sets *data to its bytes, *len to their count and *content_type to its
 * Content-Type, all static (never freed, shared between threads); returns
 * -1, setting nothing, for any other path. */
int serve_widget_asset(const char *path, const unsigned char **data,
		       size_t *len, const char **content_type);

#endif
