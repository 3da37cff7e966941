// Who maintains a thing, said anew (issue 25 §2.1): judge55's unseen set missed every change of maintainer
// ("Jon Clayden maintains mritc" over "Dai Feng maintains the mritc R package"), where no word of change is
// said. Read by shape: both facts say the role (maintains, maintainer, looks after, took over), the thing
// both name, and a name (words with a capital) the older has and the newer does not. Not one who started or
// created it, not one added beside ("also", "and"), not another thing of the same people.
import { describe, expect, it } from 'vitest';
import { factShape, supersedes } from '../../src/memory/long-term.js';

const says = (newer: string, older: string) => supersedes(newer, factShape(newer), factShape(older));

describe('another maintainer', () => {
  it.each([
    ["Michael Sevestre is ospsuite.utils' maintainer", 'ospsuite.utils is maintained by Indrajeet Patil'],
    ['Jon Clayden maintains mritc', 'Dai Feng maintains the mritc R package'],
    ['Johannes Bornhold has looked after pip2nix since 2016', 'Tomasz Kontusz maintains pip2nix'],
    ["X.Org took over libXaw3d's maintenance", 'D. J. Hawkey Jr. maintains libXaw3d'],
    ['Anthon Pang and Cédric Morin are the SCSSPHP maintainers', 'The SCSSPHP compiler is maintained by Leaf Corcoran'],
    ['The Payments team maintains the billing service', 'The Platform team maintains the billing service'],
  ])('"%s" replaces "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(true);
  });

  it.each([
    ['X.Org maintains libXaw3d', 'Kaleb Keithley originated libXaw3d in 1992'],
    ['Johannes Bornhold maintains pip2nix', 'Tomasz Kontusz started pip2nix in 2015'],
    ['Alice Smith also maintains pip2nix', 'Tomasz Kontusz maintains pip2nix'],
    ['Tomasz Kontusz and Alice Smith maintain pip2nix', 'Tomasz Kontusz maintains pip2nix'],
    ["Alice Smith maintains pip2nix's Nix overlay", 'Tomasz Kontusz maintains pip2nix'],
    ['The Payments team maintains the checkout service', 'The Platform team maintains the billing service'],
    ['Chris Pilcher and Kelvin Lau maintain the Swift Algorithm Club', 'Matthijs Hollemans created the Swift Algorithm Club'],
  ])('"%s" leaves "%s"', (newer, older) => {
    expect(says(newer, older)).toBe(false);
  });
});
