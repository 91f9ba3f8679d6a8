/** The brand's logo; the artwork's dark lettering gives way to a light word mark in the dark scheme. */
import { Box, Group, Image, Text } from '@mantine/core';
import { faviconOf } from './resolveBrand';
import { useBrand } from './useBrand';

/** Logo at a given height (px). */
export function BrandLogo({ height = 36 }: { height?: number }) {
  const brand = useBrand();
  return (
    <Box>
      <Image src={brand.logo} alt={brand.name} h={height} w="auto" fit="contain" darkHidden />
      <Group gap={10} wrap="nowrap" lightHidden aria-label={brand.name} role="img">
        {/* The marks hold dark strokes, so in the dark scheme they sit on a light tile. */}
        <Box bg="gray.0" p={height * 0.1} style={{ borderRadius: height * 0.24, lineHeight: 0 }}>
          <Image src={faviconOf(brand)} alt="" h={height * 0.72} w="auto" />
        </Box>
        <Text fw={700} fz={height * 0.58} lh={1} c="white" style={{ letterSpacing: '-0.02em' }}>
          {brand.name}
        </Text>
      </Group>
    </Box>
  );
}
