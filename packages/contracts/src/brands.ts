/** White-label brand sets of spec §1: the primary host gets brand one, every other host brand two. */
import type { AppKey } from './apps';

export interface CarouselSlide {
  /** Path of the slide artwork served by the web app. */
  image: string;
  /** Brand one's slides carry a tagline and a link; brand two's carry none. */
  tagline?: string;
  link?: { label: string; href: string };
}

export interface BrandSet {
  id: 'primary' | 'secondary';
  name: string;
  /** The document title. */
  title: string;
  subDomainSuffix: string;
  emailSenderName: string;
  avatar: string;
  logo: string;
  contactLink: string;
  imageBucket: string;
  reportBucket: string;
  loginCarousel: CarouselSlide[];
  /** Window background artwork per app. */
  moduleBackgrounds: Partial<Record<AppKey, string>>;
  copyright: string;
  loginTagWords: string[];
}

const moduleBackgrounds = (brandDir: string): Partial<Record<AppKey, string>> => ({
  dashboards: `/brand/${brandDir}/bg-dashboards.svg`,
  entityManager: `/brand/${brandDir}/bg-entities.svg`,
  iotManager: `/brand/${brandDir}/bg-iot.svg`,
});

export const PRIMARY_BRAND: BrandSet = {
  id: 'primary',
  name: 'Ferrite',
  title: 'Ferrite · Industrial IoT Workspace',
  subDomainSuffix: '.ferrite.dev',
  emailSenderName: 'Ferrite',
  avatar: '/brand/ferrite/avatar.svg',
  logo: '/brand/ferrite/logo.svg',
  contactLink: 'mailto:hello@ferrite.dev',
  imageBucket: 'ferrite-images',
  reportBucket: 'ferrite-reports',
  loginCarousel: [
    {
      image: '/brand/ferrite/slide-1.svg',
      tagline: 'See every machine on one live floor plan.',
      link: { label: 'Explore dashboards', href: 'https://ferrite.dev/dashboards' },
    },
    {
      image: '/brand/ferrite/slide-2.svg',
      tagline: 'Connect gateways over MQTT, HTTPS and CoAP in minutes.',
      link: { label: 'Connect devices', href: 'https://ferrite.dev/connect' },
    },
    {
      image: '/brand/ferrite/slide-3.svg',
      tagline: 'Catch drift before it becomes downtime.',
      link: { label: 'Set up alerts', href: 'https://ferrite.dev/alerts' },
    },
    {
      image: '/brand/ferrite/slide-4.svg',
      tagline: 'Twin your plant without writing code.',
      link: { label: 'Build a twin', href: 'https://ferrite.dev/twins' },
    },
    {
      image: '/brand/ferrite/slide-5.svg',
      tagline: 'Reports that write and send themselves.',
      link: { label: 'Schedule reports', href: 'https://ferrite.dev/reports' },
    },
  ],
  moduleBackgrounds: moduleBackgrounds('ferrite'),
  copyright: 'Copyright © 2019-2021 Ferrite',
  loginTagWords: ['Monitor', 'Automate', 'Diagnose', 'Secure'],
};

export const SECONDARY_BRAND: BrandSet = {
  id: 'secondary',
  name: 'Lodestone',
  title: 'Lodestone Operations',
  subDomainSuffix: '.lodestone.works',
  emailSenderName: 'Lodestone',
  avatar: '/brand/lodestone/avatar.svg',
  logo: '/brand/lodestone/logo.svg',
  contactLink: 'mailto:support@lodestone.works',
  imageBucket: 'lodestone-images',
  reportBucket: 'lodestone-reports',
  loginCarousel: [
    { image: '/brand/lodestone/slide-1.svg' },
    { image: '/brand/lodestone/slide-2.svg' },
    { image: '/brand/lodestone/slide-3.svg' },
  ],
  moduleBackgrounds: moduleBackgrounds('lodestone'),
  copyright: 'Copyright © 2023-2024 Lodestone',
  loginTagWords: [],
};

/** The brand for a request or page host; the port is ignored and host names compare case-insensitively. */
export function brandForHost(host: string, primaryHost: string): BrandSet {
  const bareHost = (value: string) => value.trim().toLowerCase().replace(/:\d+$/, '');
  return bareHost(host) === bareHost(primaryHost) ? PRIMARY_BRAND : SECONDARY_BRAND;
}
