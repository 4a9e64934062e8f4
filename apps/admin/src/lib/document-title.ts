/**
 * The browser tab's title: the back office's name in the screen's language and, while orders wait for confirmation,
 * their count in front ("(3) Attar · عطّار Back office"), which staff see from another tab. Two parts of the app own
 * one part each, so each sets its part and the title is written whole from both.
 */
let name = '';
let count = '';

const write = () => {
  document.title = count ? `(${count}) ${name}` : name;
};

/** The app's name in the screen's language. */
export function setTitleName(appName: string) {
  name = appName;
  write();
}

/** The count of orders waiting, formatted in the screen's language; empty for none. */
export function setTitleCount(formattedCount: string) {
  count = formattedCount;
  write();
}
