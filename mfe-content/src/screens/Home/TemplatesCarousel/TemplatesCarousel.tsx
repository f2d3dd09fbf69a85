import { useEffect, useId, useRef, type CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { SLIDE_TRANSITION_MS, TEMPLATE_SLIDES, type CarouselSlide } from './slides';
import { useCarousel } from './useCarousel';
import styles from './TemplatesCarousel.module.scss';

interface SlideProps {
  slide: CarouselSlide;
  position: number;
  count: number;
  active: boolean;
}

function Slide({ slide, position, count, active }: SlideProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();

  // Off-screen slides leave the tab order and the accessibility tree: `inert` where the browser
  // has it, plus aria-hidden and tabIndex=-1 for the rest.
  useEffect(() => {
    if (ref.current) ref.current.inert = !active;
  }, [active]);

  return (
    <div
      ref={ref}
      role="group"
      aria-roledescription="slide"
      aria-label={`${position} of ${count}`}
      aria-hidden={active ? undefined : true}
      tabIndex={-1}
      className={styles.slide}
      style={{ backgroundColor: slide.bg }}
    >
      <img className={styles.image} src={slide.img} alt={slide.imgAlt} width={320} height={220} decoding="async" />
      <div className={styles.text}>
        <h3 id={titleId} className={styles.title}>
          {slide.title}
        </h3>
        <p className={styles.desc}>{slide.desc}</p>
        <Link to="/templates" className={styles.useNow} tabIndex={active ? undefined : -1} aria-describedby={titleId}>
          USE NOW
        </Link>
      </div>
    </div>
  );
}

function ArrowIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The three template slides of the Home page, after the WAI-ARIA carousel pattern: real buttons,
 * arrow keys, a polite announcement of the slide on show, and no auto-rotation to chase.
 */
export default function TemplatesCarousel() {
  const slides = TEMPLATE_SLIDES;
  const { index, count, next, previous, onKeyDown } = useCarousel(slides.length);
  const headingId = useId();
  const viewportRef = useRef<HTMLDivElement>(null);
  const current = slides[index];

  // If focus was inside the slide that just left (its USE NOW link), hand it to the new slide
  // rather than leaving it on an element that is now hidden.
  useEffect(() => {
    const viewport = viewportRef.current;
    const focused = document.activeElement;
    if (!viewport || !focused || !viewport.contains(focused)) return;
    const activeSlide = viewport.querySelectorAll<HTMLElement>('[aria-roledescription="slide"]')[index];
    if (activeSlide && !activeSlide.contains(focused)) activeSlide.focus({ preventScroll: true });
  }, [index]);

  const trackStyle = {
    transform: `translateX(-${index * 100}%)`,
    '--slide-duration': `${SLIDE_TRANSITION_MS}ms`,
  } as CSSProperties;

  return (
    <section className={styles.carousel} aria-roledescription="carousel" aria-labelledby={headingId} onKeyDown={onKeyDown}>
      <div className={styles.header}>
        <h2 id={headingId} className={styles.heading}>
          Templates
        </h2>
        <p className={styles.lead}>Start from a design made for what you want to show.</p>
      </div>
      <div className={styles.stage}>
        <button type="button" className={`${styles.arrow} ${styles.previous}`} aria-label="Previous slide" onClick={previous}>
          <ArrowIcon direction="left" />
        </button>
        <div ref={viewportRef} className={styles.viewport}>
          <div className={styles.track} style={trackStyle}>
            {slides.map((slide, position) => (
              <Slide key={slide.id} slide={slide} position={position + 1} count={count} active={position === index} />
            ))}
          </div>
        </div>
        <button type="button" className={`${styles.arrow} ${styles.next}`} aria-label="Next slide" onClick={next}>
          <ArrowIcon direction="right" />
        </button>
      </div>
      {/* Visible position for everyone; the title is spoken too, so a screen-reader user hears where they are. */}
      <p className={styles.position} role="status" aria-live="polite" aria-atomic="true">
        Slide {index + 1} of {count}
        <span className={styles.visuallyHidden}>: {current?.title}</span>
      </p>
    </section>
  );
}
