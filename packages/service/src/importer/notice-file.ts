import type { ArrangementFile } from '@china-holiday-calendar/core/dataset/data-file-types.js';
import { validateArrangementFile } from '@china-holiday-calendar/core/dataset/validate-arrangement.js';
import type { ProblemLog } from './import-error.js';
import type { SourceLine } from './normalize-text.js';

/**
 * The last stage: the loader's own check of the file, so that the importer never hands over a
 * file the service would refuse. Undefined when it fails (recorded in `log`, quoting the title).
 */
export function validatedFile(file: ArrangementFile, titleLines: readonly SourceLine[], log: ProblemLog): ArrangementFile | undefined {
  const validation = validateArrangementFile(file, `${file.year}.json`);
  if (validation.ok) return validation.file;
  for (const problem of validation.problems) {
    log.at(titleLines, `the resulting ${problem.file} breaks a rule of the data format: ${problem.field}: ${problem.reason}`);
  }
  return undefined;
}
