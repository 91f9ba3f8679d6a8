/**
 * The brand's login carousel (spec §1): brand one shows five slides with a tagline and a link and
 * its tag words; brand two shows three image-only slides.
 */
import { Anchor, Group, Title } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconArrowRight } from '@tabler/icons-react';
import { Fragment, useEffect, useState } from 'react';
import classes from './LoginCarousel.module.css';
import { useBrand } from './useBrand';

const SLIDE_INTERVAL_MS = 6500;

/** Full-height slide show for the sign-in screens. */
export function LoginCarousel() {
  const { loginCarousel: slides, loginTagWords, name } = useBrand();
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  const reduceMotion = useReducedMotion();

  // `active` restarts the timer, so a slide picked by hand gets its full time too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: active is the restart trigger
  useEffect(() => {
    if (paused || reduceMotion || slides.length < 2) return;
    const timer = setTimeout(() => setActive((i) => (i + 1) % slides.length), SLIDE_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [active, paused, reduceMotion, slides.length]);

  const current = slides[active];
  return (
    <section
      className={classes.root}
      aria-label={`${name} highlights`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {loginTagWords.length > 0 && (
        <div className={classes.tagWords} data-testid="login-tag-words">
          {loginTagWords.map((word, index) => (
            <Fragment key={word}>
              {index > 0 && (
                <span className={classes.tagSeparator} aria-hidden>
                  ·
                </span>
              )}
              <span>{word}</span>
            </Fragment>
          ))}
        </div>
      )}

      <div className={classes.stage}>
        {slides.map((slide, index) => (
          // The artwork is decorative; the caption and the dots carry what a reader needs.
          <div
            key={slide.image}
            className={classes.slide}
            data-active={index === active || undefined}
            aria-hidden
          >
            <img className={classes.image} src={slide.image} alt="" draggable={false} />
          </div>
        ))}
      </div>

      {slides.some((slide) => slide.tagline) && (
        <div className={classes.caption} aria-live={paused ? 'polite' : 'off'}>
          {current?.tagline && (
            <Title order={2} fz={28} lh={1.25} mb="xs" className={classes.tagline}>
              {current.tagline}
            </Title>
          )}
          {current?.link && (
            <Anchor
              href={current.link.href}
              target="_blank"
              rel="noreferrer"
              fw={600}
              className={classes.link}
            >
              <Group gap={6} component="span" wrap="nowrap">
                {current.link.label}
                <IconArrowRight size={16} />
              </Group>
            </Anchor>
          )}
        </div>
      )}

      {slides.length > 1 && (
        <div className={classes.dots}>
          {slides.map((slide, index) => (
            <button
              key={slide.image}
              type="button"
              className={classes.dot}
              data-active={index === active || undefined}
              aria-label={`Show slide ${index + 1}`}
              aria-current={index === active}
              onClick={() => setActive(index)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
