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
lesson: Digging. Soil gives way one cell per move, gems are taken by walking into them, and four of them open the hatch.

####################
#M.................#
#%%%%%%%%%%%%%%%%%%#
#%%%*%%%%O%%%%%%%%%#
#%%%%%%*%%%%%%O%%%%#
#%O%%%%%%%*%%%%%%%%#
#%%%%%%%%%%%%*%%%%%#
#%%*%%%O%%%%%%%%*%%#
#%%%%%%%%%%%%%%%%%X#
####################
`,
  },
  {
    file: '02-root-cellar.txt',
    text: `level: 2
name: Root Cellar
quota: 5
oil: 46
lesson: Supporting a boulder. A boulder resting on you stays put; step out sideways and it drops into the cell you left. Never dig straight down a dead-end root under one.

######################
#M...................#
#%%%%%%%%%%%%%%%%%%%%#
#%%%O%%%%%O%%%%%O%%%%#
#%%%*%%%%%*%%%%%*%%%%#
####%#####%#####%#####
####%#####%#####%#####
####*#####*#####*#####
#%%%%%%%%%#%%%%%%%%%%#
#%%*%%%%%%#%%%%%%*%%%#
#%%%%%%%%%#%%%%%%%%%X#
######################
`,
  },
  {
    file: '03-old-workings.txt',
    text: `level: 3
name: Old Workings
quota: 6
oil: 52
lesson: Rolling piles. Whatever sits on a boulder rolls into an open gap beside and below it: dig down beside a heap and its top follows you down the shaft, a gift if it is a gem and a grave if it is a boulder.

#####################
#M..................#
#%%O%#%#%*%%%%O%#%%%#
#%%O%#%#%O%%%%O%#%*%#
#%%#%#%#%#%*%%#%#%%%#
#%%#%#%#%#%%%%#%#%%%#
#%%#*#%#%#%%%%#%#%%%#
#%%###%%*%%%*%%%%%*%#
#%*%%%%%%%%%%%%%%%%%#
#%%%%%%%%%%%%%%%%%%X#
#####################
`,
  },
  {
    file: '04-geode-hollow.txt',
    text: `level: 4
name: Geode Hollow
quota: 7
oil: 58
lesson: Geodes must fall to crack. A geode that lands after a fall becomes a gem: dig out its footing or push it off its ledge, and keep out from under it.

#######################
#M....................#
#%%%%%%%%%%%%%%%%%%%%%#
#%*%%%%G%G%G%G%G%%%%*%#
#%%%%%%%%%%%%%%%%%%%%%#
#%%%%.............%%%%#
#%%%...............%%%#
#%%%.G...........G.%%%#
#%%%.%...........%.%%%#
#%%%%.............%%%%#
#%%%%%%%%%%%%%%%%%%%%%#
#%%%%%%%%%%*%%%%%%%%%X#
#######################
`,
  },
  {
    file: '05-slate-gallery.txt',
    text: `level: 5
name: Slate Gallery
quota: 9
oil: 64
lesson: Pushing. Walk into the side of a boulder or geode at rest and it slides one cell if the cell beyond is empty: shove the geodes off their plinths so they crack on the walkway below, and steer the boulders into the two deep bins instead of across your path.

#####################
#M..................#
#%.G.O.G.*.G.O.G.G.%#
#*.#.#.#.#.#.#.#.#.*#
#%.#.#.#.#.#.#.#.#.%#
#X.................*#
#%##.#########.####%#
#%%#.#%%%%*%%#.#%%%%#
#%%%#%%%%%%%%%#%%%%%#
#%%%%%%%%%%%%%%%%%%%#
#####################
`,
  },
  {
    file: '06-the-underbrook.txt',
    text: `level: 6
name: The Underbrook
quota: 11
oil: 70
lesson: Chains. Gems taken within four ticks of each other pay a growing bonus: open a brook from below and catch it gem by gem, and when a boulder blocks the flow, push it aside.

########################
#M.....................#
#%%%%%%#O#%%%%%%#O#%%%%#
#%%%%%%#*#%%%%%%#*#%%%%#
#%%%%%%#*#%%%%%%#*#%%%%#
#%%%%%%#*#%%%%%%#*#%%%%#
#%%%%%%#O#%%%%%%#O#%%%%#
#%%%%%%#*#%%%%%%#*#%%%%#
#%%%%%%#*#%%%%%%#*#%%%%#
#%%%%%%#*#%%%%%%#*#%%%%#
#%%%%%%#%#%%%%%%#%#%%%%#
#%%%%%%%%%%%%%%%%%%%%%%#
#%%*%%#####%%%%#####%%%#
#%%%%%%%%%%%%%%%%%%%%%X#
########################
`,
  },
  {
    file: '07-deep-seam.txt',
    text: `level: 7
name: Deep Seam
quota: 12
oil: 76
lesson: Avalanches. Take a gem from a heap and everything above it slides and rolls for several ticks; nothing moves between your actions, so study each slide before you step into it.

##########################
#M.......................#
#%%%%%%%%%%%%%%%%%%%%%%%%#
#%%%.........O.........%%#
#%%%........O*O........%%#
#%%%.......O*O*O.......%%#
#%%%......*O*O*O*......%%#
#%%%.....O*O*O*O*O.....%%#
#%%%....*O*O*O*O*O*....%%#
#%%%%%%%%%%%%%%%%%%%%%%%%#
#%%%%.......%%%.......%%%#
#%%%%.......%%%.......%%%#
#%%%%%%%%%%%%%%%%%%%%%%%%#
#%%%%%%%%%%%%%%%%%%%%%%%X#
##########################
`,
  },
  {
    file: '08-the-gemheart.txt',
    text: `level: 8
name: The Gemheart
quota: 13
oil: 80
lesson: Order matters. The heart opens only at its tip, and three boulders sit among its gems. Every gem you eat lets them slide: take the gems in an order that lets them settle on the sides, because a boulder that drops into the tip seals you inside.

##########################
#M.......................#
#%%%%%%%%%%%%%%%%%%%%%%%%#
#%%%%%%%###########%%%%%%#
#%%%%%%##***###***##%%%%%#
#%%%%%%#*****#*****#%%%%%#
#%%%%%%#*****O*****#%%%%%#
#%%%%%%##**O***O**##%%%%%#
#%%%%%%%##*******##%%%%%%#
#%%%%%%%%##*****##%%%%%%%#
#%%%%%%%%%##***##%%%%%%%%#
#%%%%%%%%%%##*##%%%%%%%%%#
#%%%%%%%%%%%#%#%%%%%%%%%%#
#%%%%%%%%%###%###%%%%%%%%#
#%%%%%%%%%%%%%%%%%%%%%%%%#
#%%%%%%%%%%%%%%%%%%%%%%%X#
##########################
`,
  },
];
