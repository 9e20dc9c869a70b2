/* image_arch_vae.c - (being written) */
#include "image/image.h"
