/**
 * The versions of 《全国年节及纪念日放假办法》 that govern 2008 onward, by the first arrangement
 * year each governs. Version 1: decree No. 513 (2007); version 2: No. 644 (2013); version 3:
 * No. 795 (2024).
 */
export const REGULATION_VERSIONS = [
  { version: 1, firstYear: 2008, revision: 2007, decree: '国务院令第513号', inForceFrom: '2008-01-01' },
  { version: 2, firstYear: 2014, revision: 2013, decree: '国务院令第644号', inForceFrom: '2014-01-01' },
  { version: 3, firstYear: 2025, revision: 2024, decree: '国务院令第795号', inForceFrom: '2025-01-01' },
] as const;

export const REGULATION_NAME = '全国年节及纪念日放假办法';

export type RegulationVersion = (typeof REGULATION_VERSIONS)[number]['version'];
