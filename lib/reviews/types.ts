/** What the public sees of a review: never the author's email. */
export type ReviewDTO = {
  _id: string;
  name: string;
  image: string;
  review: string;
  rating: number;
  createdAt: string;
};
