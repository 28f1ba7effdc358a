/** Test runners: the excerpt of each, by its detector's name. */

import type { ExcerptFn } from "../../excerpt/types.ts";
import { antJunitExcerpt } from "./ant-junit.ts";
import { cargoTestExcerpt } from "./cargo-test.ts";
import { goTestExcerpt } from "./go-test.ts";
import { jestExcerpt } from "./jest.ts";
import { nodeTestExcerpt } from "./node-test.ts";
import { playwrightExcerpt } from "./playwright.ts";
import { pytestExcerpt } from "./pytest.ts";
import { vitestExcerpt } from "./vitest.ts";

export const excerpts: Readonly<Record<string, ExcerptFn>> = {
  "ant-junit": antJunitExcerpt,
  "cargo-test": cargoTestExcerpt,
  "go-test": goTestExcerpt,
  jest: jestExcerpt,
  "node-test": nodeTestExcerpt,
  playwright: playwrightExcerpt,
  pytest: pytestExcerpt,
  vitest: vitestExcerpt,
};
