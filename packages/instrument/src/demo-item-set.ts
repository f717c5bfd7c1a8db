import demoItemSetJson from './data/demo-item-set.json' with { type: 'json' };
import { type ItemSet, parseItemSet } from './item-set';

/**
 * Our own demonstration item set ('demo-en-1'): 220 original, plainly worded sentences written for this project,
 * each loosely in the spirit of the facet its item number belongs to (reverse-keyed items worded the other way
 * round), so that a demonstration profile looks plausible. It is NOT the published PID-5 wording, which is
 * copyrighted and never stored in this repository (DESIGN.md "Item texts"). Validated like any institute's file.
 */
export const demoItemSet: ItemSet = parseItemSet(demoItemSetJson as unknown);
