/** The pictures a member can pick (spec: `/wps/member/info/icon`); kept free of schemas for the page bundle. */
export const MEMBER_ICON_COUNT = 12;

/** Where icon n is drawn. */
export const memberIconUrl = (n: number) => `/art/icon/${n}.svg`;
