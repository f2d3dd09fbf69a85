// The carousel's static sample data (id, img, title, desc, bg per slide).
import personalImage from './images/personal.svg';
import professionalImage from './images/professional.svg';
import ecommerceImage from './images/ecommerce.svg';

export interface CarouselSlide {
  id: number;
  /** URL of the slide's illustration. */
  img: string;
  /** Text alternative of the illustration. */
  imgAlt: string;
  title: string;
  desc: string;
  /** Background colour; the ink on it is #1c2321, so keep it light (contrast ≥ 7:1). */
  bg: string;
}

export const TEMPLATE_SLIDES: readonly CarouselSlide[] = [
  {
    id: 1,
    img: personalImage,
    imgAlt: 'Sketch of a personal portfolio page: portrait, name, short introduction and two project cards',
    title: 'Personal Portfolio Website',
    desc: 'Personal',
    bg: '#fde8d7',
  },
  {
    id: 2,
    img: professionalImage,
    imgAlt: 'Sketch of a professional portfolio page: navigation bar, profile column and a list of experience',
    title: 'Professional Portfolio Website',
    desc: 'Being professional',
    bg: '#dce9f7',
  },
  {
    id: 3,
    img: ecommerceImage,
    imgAlt: 'Sketch of an e-commerce page: shopping cart, banner with an order button and a grid of products with prices',
    title: 'E-commerce Portfolio Website',
    desc: 'Ecommerce Websites',
    bg: '#e2f4e3',
  },
];

/** One slide's animation lasts 1.5 s. */
export const SLIDE_TRANSITION_MS = 1500;
