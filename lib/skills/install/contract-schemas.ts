import type { z } from "zod";
import { InstallConfig } from "../layout.ts";
import { Lockfile } from "../lockfile.ts";
import { Manifest } from "../manifest.ts";
import { TxJournal } from "../tx-journal.ts";

/** The leogriel-install schemas published in schemas/ (each carries a `.meta({ id })`). */
export const contractSchemas: z.ZodType[] = [Manifest, Lockfile, InstallConfig, TxJournal];
