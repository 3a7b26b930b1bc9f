/** The app's version (package.json, defined at build time), shown by the settings centre's 关于 (C-mine.md /mine/set). */
export const APP_VERSION: string = __APP_VERSION__;
