/** The height of a dashboard chart, and of the block shown while its code loads. */
export const CHART_HEIGHT = 240;
