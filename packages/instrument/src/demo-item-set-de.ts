import demoItemSetDeJson from './data/demo-item-set-de.json' with { type: 'json' };
import { type ItemSet, parseItemSet } from './item-set';

/**
 * Our own German demonstration item set ('demo-de-1'): the German version of our English demonstration sentences
 * (demo-item-set.ts), written for this project as natural German, with our own four answer labels. It is NOT the
 * published PID-5 nor its German translation, which are copyrighted and never stored in this repository (DESIGN.md
 * "Item texts"). Validated like any institute's file. Served by the server only; the patient pages get it from the
 * API, so it never enters the web bundle.
 */
export const demoItemSetDe: ItemSet = parseItemSet(demoItemSetDeJson as unknown);
