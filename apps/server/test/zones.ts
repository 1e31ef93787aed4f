/** The lower half of the picture, named Driveway: the motion zone the AI tests draw. */
export const DRIVEWAY_ZONE = {
  name: 'Driveway',
  points: [
    [0, 0.5],
    [1, 0.5],
    [1, 1],
    [0, 1],
  ] as [number, number][],
};
