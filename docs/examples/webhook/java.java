// A webhook for server events
package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumihosting.hosting.Webhook;
import com.pulumihosting.hosting.WebhookArgs;
import com.pulumihosting.hosting.enums.WebhookEvent;

public class App {
    public static void main(String[] args) {
        Pulumi.run(App::stack);
    }

    public static void stack(Context ctx) {
        var config = ctx.config();

        var events = new Webhook("events", WebhookArgs.builder()
            .url("https://hooks.example.com/hosting")
            .events(WebhookEvent.ServerCreated, WebhookEvent.ServerStatusChanged)
            .secret(config.requireSecret("webhookSecret"))
            .build());

        ctx.export("webhookId", events.id());
    }
}
