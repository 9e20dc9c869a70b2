/* image_place.c - (being written) */
#include "image/image.h"
