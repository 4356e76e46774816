/**
 * A date as the package takes it: a `yyyy-MM-dd` string (checked exactly as the service checks
 * it), or a JS Date, read as the calendar day it is in China (Asia/Shanghai), whatever the time
 * zone of the host. Either way from 2008-01-01 to 9999-12-31.
 */
export type DateInput = string | Date;
