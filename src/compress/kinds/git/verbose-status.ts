/**
 * git status -v / -vv: the status, then the patch of what is staged (and, with -vv, of
 * what is not), its files named with git's mnemonic prefixes (`c/` commit, `i/` index,
 * `w/` work tree). Its patch is read as a diff is, under the status as a commit's header is
 * under git show (diff.ts): else the patch's context lines, opening with two spaces, were
 * read as short-format entries, and its changed lines lost. The status's lines the diff
 * reading keeps as that header's key lines are here.
 */

export const STATUS_SECTION =
  /^(?:On branch |HEAD detached |Your branch |Changes to be committed:|Changes not staged for commit:|Untracked files:|Unmerged paths:|You have unmerged paths|All conflicts fixed|nothing to commit|no changes added|It took )/;
export const STATUS_ENTRY =
  /^\t(?:(new file|modified|deleted|renamed|copied|typechange|both modified|both added|deleted by \w+|added by \w+):\s+)?(.+)$/;

/** A patch's file header, with git's default prefixes or its mnemonic ones. */
export const PATCH_FILE = /^diff --git [abciwo12]\/(.+) [abciwo12]\/(.+)$/m;

/** Whether a status output holds a patch (status -v). */
export const holdsPatch = (text: string): boolean => text.includes("\ndiff --git ") && PATCH_FILE.test(text);

/** Whether a line above a patch is one of a status's (its sections, its entries). */
export const isStatusLine = (line: string): boolean => STATUS_SECTION.test(line) || STATUS_ENTRY.test(line);
