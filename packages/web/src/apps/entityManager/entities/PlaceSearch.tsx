/** "Find a place" above the latitude and longitude: a name, a site of the organization or typed coordinates. */
import type { Place } from '@ferrite/contracts';
import { Autocomplete, Group, Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuildingFactory2, IconMapPin, IconWorld } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useSearchPlacesQuery } from '../api/placesApi';
import { useOrgId } from '../hooks';

const SOURCE_ICON = {
  coordinates: IconMapPin,
  site: IconBuildingFactory2,
  geocoder: IconWorld,
} as const;

const SOURCE_LABEL = { coordinates: 'Coordinates', site: 'Your sites', geocoder: 'Places' } as const;

const coordinates = (place: Place) => `${place.latitude.toFixed(5)}, ${place.longitude.toFixed(5)}`;
const optionText = (place: Place) => `${place.name} (${coordinates(place)})`;

/** Searches places as one types (after a pause) and hands the chosen one's coordinates back. */
export function PlaceSearch({ onPick }: { onPick: (place: Place) => void }) {
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 300);
  const orgId = useOrgId();
  const { currentData, isFetching } = useSearchPlacesQuery(
    { orgId, q: query },
    { skip: !orgId || query.length < 2 },
  );
  const places = currentData?.places ?? [];
  // Autocomplete options are their text, so each carries its coordinates to stay unique.
  const byKey = useMemo(() => new Map(places.map((place) => [optionText(place), place])), [places]);
  const unreachable = currentData?.geocoder_reached === false;

  return (
    <Autocomplete
      label="Find a place"
      description={
        unreachable
          ? 'The place search did not answer; showing your sites and typed coordinates.'
          : 'A place name, one of your sites, or coordinates as “lat, lon”.'
      }
      placeholder="e.g. Hamburg harbour or 53.54, 9.98"
      value={search}
      onChange={setSearch}
      data={[...byKey.keys()]}
      // The server already matched: show what it answered, in its order.
      filter={({ options }) => options}
      rightSection={isFetching ? <Loader size={14} /> : null}
      onOptionSubmit={(key) => {
        const place = byKey.get(key);
        if (!place) return;
        onPick(place);
        // After Autocomplete writes the option's text into the box.
        setTimeout(() => setSearch(''), 0);
      }}
      renderOption={({ option }) => {
        const place = byKey.get(option.value);
        if (!place) return option.value;
        const Icon = SOURCE_ICON[place.source];
        return (
          <Group gap="sm" wrap="nowrap" data-place-source={place.source}>
            <Icon size={16} aria-label={SOURCE_LABEL[place.source]} style={{ flexShrink: 0 }} />
            <div style={{ minWidth: 0 }}>
              <Text size="sm" lh={1.3}>
                {place.name}
              </Text>
              <Text size="xs" c="dimmed" ff="monospace">
                {coordinates(place)}
              </Text>
            </div>
          </Group>
        );
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
