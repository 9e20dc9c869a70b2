#include "report/request.h"
