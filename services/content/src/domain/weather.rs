//! A weather reading: `main.temp` (°C, as asked with `units=metric`) and
//! `weather[0].main` as one of the conditions the web has icons for.

use serde_json::Value;
use spa_proto::spa::content::v1::Weather;

/// The reading of an OpenWeatherMap-style answer.
pub fn reading(answer: &Value) -> anyhow::Result<Weather> {
    let celsius = answer["main"]["temp"].as_f64().ok_or_else(|| anyhow::anyhow!("no main.temp"))?;
    anyhow::ensure!((-90.0..=60.0).contains(&celsius), "main.temp {celsius} is not a temperature on Earth");
    let condition = match answer["weather"][0]["main"].as_str().unwrap_or_default() {
        "Clear" => "clear",
        "Clouds" => "clouds",
        "Rain" => "rain",
        "Drizzle" => "drizzle",
        "Thunderstorm" => "thunderstorm",
        "Snow" => "snow",
        _ => "mist",
    };
    let round = |t: f64| (t * 10.0).round() / 10.0;
    Ok(Weather { celsius: round(celsius), fahrenheit: round(celsius * 9.0 / 5.0 + 32.0), condition: condition.into() })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_reading_is_celsius_fahrenheit_and_a_condition() {
        let w = reading(&json!({"main": {"temp": 21.37}, "weather": [{"main": "Clouds"}]})).unwrap();
        assert_eq!((w.celsius, w.fahrenheit, w.condition.as_str()), (21.4, 70.5, "clouds"));
        let w = reading(&json!({"main": {"temp": -5}, "weather": [{"main": "Haze"}]})).unwrap();
        assert_eq!((w.celsius, w.fahrenheit, w.condition.as_str()), (-5.0, 23.0, "mist"));
    }

    #[test]
    fn an_answer_without_a_temperature_is_no_reading() {
        assert!(reading(&json!({"weather": [{"main": "Clear"}]})).is_err());
        assert!(reading(&json!({"main": {"temp": 900}})).is_err());
    }
}
