/** Presets of the content kinds (table, map, text, image) and the controls (button, switch, slider, set-point). */
import type { WidgetKind } from '../kinds';
import type { WidgetPreset } from './types';

const table: WidgetPreset[] = [
  {
    preset: 'latest',
    name: 'Latest values',
    description: 'One row per series with its newest value.',
    defaults: { last: 1, table_summary: false },
  },
  {
    preset: 'history',
    name: 'History table',
    description: 'Every reading, newest first.',
    defaults: { last: 100, table_newest_first: true },
  },
  {
    preset: 'history_oldest',
    name: 'History, oldest first',
    description: 'Every reading in time order.',
    defaults: { last: 100, table_newest_first: false },
  },
  {
    preset: 'summary',
    name: 'Summary table',
    description: 'Min, max, average and last of each series.',
    defaults: { table_summary: true, time_range: '24h' },
  },
  {
    preset: 'hourly',
    name: 'Hourly table',
    description: 'Hourly averages of the last 24 hours.',
    defaults: { time_range: '24h', group_interval_type: 'hour', table_rows: 24 },
  },
  {
    preset: 'daily',
    name: 'Daily table',
    description: 'Daily averages of the last 30 days.',
    defaults: { time_range: '30d', group_interval_type: 'day', table_rows: 30 },
  },
];

const map: WidgetPreset[] = [
  {
    preset: 'plant',
    name: 'Plant floor map',
    description: 'Markers on a plant floor plan, coloured by thresholds.',
    defaults: { map_mode: 'plan', last: 1 },
  },
  {
    preset: 'site',
    name: 'Site plan',
    description: 'Markers on a site plan image you upload.',
    defaults: { map_mode: 'plan', last: 1 },
  },
  {
    preset: 'geo',
    name: 'Location map',
    description: 'Markers by longitude and latitude (no tiles needed).',
    defaults: { map_mode: 'geo', last: 1 },
  },
  {
    preset: 'bubbles',
    name: 'Labelled map',
    description: 'Markers by longitude and latitude, labelled with their latest value.',
    defaults: { map_mode: 'geo', last: 1, show_labels: true },
  },
];

const text: WidgetPreset[] = [
  {
    preset: 'note',
    name: 'Note',
    description: 'A block of plain text.',
    defaults: { text_content: 'Write a note…' },
  },
  {
    preset: 'heading',
    name: 'Heading',
    description: 'A section heading for a panel.',
    defaults: { text_content: '# Section', show_title: false },
  },
  {
    preset: 'value',
    name: 'Text with value',
    description: 'A sentence with the latest value where {value} is written.',
    defaults: { text_content: 'Current value: **{value}**', last: 1 },
  },
  {
    preset: 'instructions',
    name: 'Instructions',
    description: 'A short list of steps with links.',
    defaults: { text_content: '## Procedure\n- Check the pressure\n- Open the valve\n- Log the reading' },
  },
];

const image: WidgetPreset[] = [
  {
    preset: 'contain',
    name: 'Image',
    description: 'An uploaded image, shown whole.',
    defaults: { image_fit: 'contain' },
  },
  {
    preset: 'cover',
    name: 'Cover image',
    description: 'An image filling the widget, cropped.',
    defaults: { image_fit: 'cover', show_title: false },
  },
  {
    preset: 'logo',
    name: 'Logo',
    description: 'A logo stretched to the widget.',
    defaults: { image_fit: 'fill', show_title: false },
  },
];

const button: WidgetPreset[] = [
  {
    preset: 'on',
    name: 'On button',
    description: 'Sends 1 to switch something on.',
    defaults: { command_label: 'Turn on', command_on_value: 1 },
  },
  {
    preset: 'off',
    name: 'Off button',
    description: 'Sends 0 to switch something off.',
    defaults: { command_label: 'Turn off', command_on_value: 0 },
  },
  {
    preset: 'reset',
    name: 'Reset button',
    description: 'Sends a reset command.',
    defaults: { command_label: 'Reset', command_name: 'reset', command_on_value: true },
  },
  {
    preset: 'trigger',
    name: 'Trigger button',
    description: 'Sends a one-off trigger.',
    defaults: { command_label: 'Trigger', command_name: 'trigger', command_on_value: 'go' },
  },
];

// A switch raises true or false; the command widget's value template turns it into what the device wants.
const switchPresets: WidgetPreset[] = [
  {
    preset: 'on_off',
    name: 'On/off switch',
    description: 'Switches something on or off.',
    defaults: { command_label: 'Power', data_type: 'boolean' },
  },
  {
    preset: 'boolean',
    name: 'Enable switch',
    description: 'Enables or disables a function.',
    defaults: { command_label: 'Enabled', command_name: 'set_enabled', data_type: 'boolean' },
  },
  {
    preset: 'start_stop',
    name: 'Start/stop switch',
    description: 'Starts or stops a machine.',
    defaults: { command_label: 'Running', command_name: 'run', data_type: 'boolean' },
  },
];

const slider: WidgetPreset[] = [
  {
    preset: 'percent',
    name: 'Slider 0–100 %',
    description: 'Sends a value between 0 and 100.',
    defaults: { unit: '%', command_min: 0, command_max: 100, command_step: 1 },
  },
  {
    preset: 'ten',
    name: 'Slider 0–10',
    description: 'Sends a value between 0 and 10 in steps of 0.5.',
    defaults: { command_min: 0, command_max: 10, command_step: 0.5 },
  },
  {
    preset: 'speed',
    name: 'Speed slider',
    description: 'Sends a speed between 0 and 3000 rpm.',
    defaults: { unit: 'rpm', command_min: 0, command_max: 3000, command_step: 50, command_name: 'set_speed' },
  },
  {
    preset: 'dimmer',
    name: 'Dimmer',
    description: 'Sends a light level between 0 and 255.',
    defaults: { command_min: 0, command_max: 255, command_step: 1, command_name: 'set_level' },
  },
];

const setPoint: WidgetPreset[] = [
  {
    preset: 'temperature',
    name: 'Temperature set-point',
    description: 'Type a target temperature.',
    defaults: {
      unit: '°C',
      command_min: -20,
      command_max: 120,
      command_step: 0.5,
      command_name: 'set_temperature',
    },
  },
  {
    preset: 'pressure',
    name: 'Pressure set-point',
    description: 'Type a target pressure.',
    defaults: {
      unit: 'bar',
      command_min: 0,
      command_max: 16,
      command_step: 0.1,
      command_name: 'set_pressure',
    },
  },
  {
    preset: 'speed',
    name: 'Speed set-point',
    description: 'Type a target motor speed.',
    defaults: { unit: 'rpm', command_min: 0, command_max: 3000, command_step: 10, command_name: 'set_speed' },
  },
  {
    preset: 'generic',
    name: 'Set-point',
    description: 'Type any number to send.',
    defaults: { command_min: 0, command_max: 100, command_step: 1 },
  },
];

/** The content and control kinds' presets. */
export const CONTENT_PRESETS: Partial<Record<WidgetKind, WidgetPreset[]>> = {
  table,
  map,
  text,
  image,
  button,
  switch: switchPresets,
  slider,
  set_point: setPoint,
};
