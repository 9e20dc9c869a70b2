/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * db_date.c - the date of a database's data: the newest `date` among its
 * prices (offers) and currency rates, the records that age. Computed once
 * when the database is finished, so the answers' "data_date" costs nothing:
 * each planner copies it into the result it makes (vfp__db_date_copy), and
 * the JSON writers print it from there.
 */
#include "db/db.h"
#include <ctype.h>
#include <string.h>

/* "YYYY-MM-DD" exactly: ISO dates compare as strings. A record with any
 * other text in `date` does not count (the schema does not check it). */
static int iso_date(const char *s)
{
	if (!s || strlen(s) != 10)
		return 0;
	for (int i = 0; i < 10; i++)
		if (i == 4 || i == 7 ? s[i] != '-'
				     : !isdigit((unsigned char)s[i]))
			return 0;
	return 1;
}

static void keep_newest(char newest[VFP_DATA_DATE_SIZE], const char *date)
{
	if (iso_date(date) && strcmp(date, newest) > 0)
		memcpy(newest, date, VFP_DATA_DATE_SIZE);
}

void vfp__db_data_date(vfp_db *db)
{
	db->data_date[0] = '\0';
	for (size_t i = 0; i < db->offers.n; i++)
		keep_newest(db->data_date, db->offers.items[i].date);
	for (size_t i = 0; i < db->currencies.n; i++)
		keep_newest(db->data_date, db->currencies.items[i].date);
}

const char *vfp_db_data_date(const vfp_db *db)
{
	return db ? db->data_date : "";
}

void vfp__db_date_copy(char out[VFP_DATA_DATE_SIZE], const vfp_db *db)
{
	if (db)
		memcpy(out, db->data_date, VFP_DATA_DATE_SIZE);
	else
		out[0] = '\0';
}
