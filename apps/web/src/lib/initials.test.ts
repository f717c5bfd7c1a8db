import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials';

describe('initialsOf', () => {
  it.each([
    ['Dr. Dana Doctor', 'DD'],
    ['Dr. Carl Clinician', 'CC'],
    ['Prof. Ada Lovelace', 'AL'],
    ['Mrs. Ann', 'A'],
    ['Mx Sam Lee', 'SL'],
    ['dr. lee', 'L'],
    ['Ada Admin', 'AA'],
    ['Dr.', 'D'],
    ['  ', '?'],
    ['Émile Zola', 'ÉZ'],
    ['Drake Bell', 'DB'],
  ])('%j → %j', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});
