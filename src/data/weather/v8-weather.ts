// A weather file as PVWatts v8 reads it (NREL SSC lib_weatherfile.cpp): an EPW (TMY3) file's rows are read as instants
// at the hour before the stamp (EPW hour 1 is 00:00-01:00; v8 takes hour 0) plus the row's minute field, which is 0
// in the TMY3 files: v8 takes the sun at the start of the hour these files total (only when the first two rows say
// minute 60 does it take the half hour). Its albedo field is not read (v8 takes its default, 0.2). A SAM
// CSV file with a Minute column (NSRDB) is read as instants at those minutes, with its surface albedo; one without
// (TMY2) as hourly averages stamped at the half hour. The elevation is the file's, 0 when it has none.
import type { V8Weather } from '../../engine/solar/v8/pvwatts-v8.ts';
import type { WeatherFile } from './weather-file.ts';

export function v8WeatherOf(file: WeatherFile): V8Weather {
  const halfHour = new Float64Array(file.ghi.length).fill(30);
  const elevation = file.station.elevation ?? 0;
  if (file.format === 'EPW') {
    const { albedo: _unread, ...rest } = file;
    const stamped = file.minute && !(file.minute[0] === 60 && file.minute[1] === 60);
    return { ...rest, minute: stamped ? file.minute! : halfHour, convention: 'INSTANT', elevation };
  }
  if (file.minute) return { ...file, minute: file.minute, convention: 'INSTANT', elevation };
  return { ...file, minute: halfHour, convention: 'HOUR', elevation };
}
