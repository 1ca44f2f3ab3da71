#ifndef SLATE_CSQLITE_SHIM_H
#define SLATE_CSQLITE_SHIM_H

#include <sqlite3.h>
#include "slate_polyfill.h"

#endif
