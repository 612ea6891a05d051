/**
 * The eight level files, embedded verbatim (GENERATED from levels/*.txt by embed-levels.ts: edit the
 * .txt files and rerun it; levels.test.ts fails if the two drift apart). Embedding keeps the engine free
 * of file I/O, so it runs unchanged in the browser.
 */

/** Each level file's name and exact text, in level order. */
export const LEVEL_FILES: readonly { file: string; text: string }[] = [
  {
    file: '01-topsoil.txt',
    text: `level: 1
name: Topsoil
quota: 4
oil: 40
lesson: placeholder

########################
#M******%%%%%%%%%%%%%%X#
#%%%%%%%%%%%%%%%%%%%%%%#
########################
`,
  },
  {
    file: '02-root-cellar.txt',
    text: `level: 2
name: Root Cellar
quota: 5
oil: 46
lesson: placeholder

########################
#M*******%%%%%%%%%%%%%X#
#%%%%%%%%%%%%%%%%%%%%%%#
########################
`,
  },
  {
    file: '03-old-workings.txt',
    text: `level: 3
name: Old Workings
quota: 6
oil: 52
lesson: placeholder

########################
#M********%%%%%%%%%%%%X#
#%%%%%%%%%%%%%%%%%%%%%%#
########################
`,
  },
  {
    file: '04-geode-hollow.txt',
    text: `level: 4
name: Geode Hollow
quota: 7
oil: 58
lesson: placeholder

########################
#M*********%%%%%%%%%%%X#
#%%%%%%%%%%%%%%%%%%%%%%#
########################
`,
  },
  {
    file: '05-slate-gallery.txt',
    text: `level: 5
name: Slate Gallery
quota: 9
oil: 64
lesson: placeholder

########################
#M***********%%%%%%%%%X#
#%%%%%%%%%%%%%%%%%%%%%%#
########################
`,
  },
  {
    file: '06-the-underbrook.txt',
    text: `level: 6
name: The Underbrook
quota: 11
oil: 70
lesson: placeholder

########################
#M*************%%%%%%%X#
#%%%%%%%%%%%%%%%%%%%%%%#
########################
`,
  },
  {
    file: '07-deep-seam.txt',
    text: `level: 7
name: Deep Seam
quota: 12
oil: 76
lesson: placeholder

########################
#M**************%%%%%%X#
#%%%%%%%%%%%%%%%%%%%%%%#
########################
`,
  },
  {
    file: '08-the-gemheart.txt',
    text: `level: 8
name: The Gemheart
quota: 13
oil: 80
lesson: placeholder

########################
#M***************%%%%%X#
#%%%%%%%%%%%%%%%%%%%%%%#
########################
`,
  },
];
