/* image_arch_unet.c - (being written) */
#include "image/image.h"
